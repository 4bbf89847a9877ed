import { type Id, type Schedule, SCHEDULE_STATUSES } from '@atendo/shared';
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../app/errors';
import { useMediaQuery } from '../../../app/hooks';
import { currentLanguage } from '../../../app/i18n';
import { PHONE_QUERY } from '../../../components/breakpoints';
import { useDeleteConfirmation, useListSearch, useLoadErrorToast } from '../../../components/list-hooks';
import { AddButton, DeleteDialog, SearchField } from '../../../components/ListFrame';
import { PageHeader } from '../../../components/PageHeader';
import { useGetContactQuery } from '../../contacts/contacts.api';
import {
  type CalendarView,
  rangeArgs,
  slotSendAt,
  STATUS_COLORS,
  visibleRange,
  weekStartOf,
} from '../schedule-calendar';
import { useDeleteScheduleMutation, useListSchedulesQuery } from '../schedules.api';
import { ScheduleModal } from './ScheduleModal';
import { SchedulesCalendar } from './SchedulesCalendar';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, flexGrow: 1, minHeight: 0 },
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  legendItem: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  swatch: { width: '14px', height: '14px', borderRadius: tokens.borderRadiusSmall, boxSizing: 'border-box' },
});

/** The open dialog: a schedule to edit, or a new one for a contact (when known) at a time. */
type DialogState =
  { kind: 'edit'; schedule: Schedule } | { kind: 'create'; contact?: { id: Id; name: string }; sendAt?: Date };

const NO_SCHEDULES: Schedule[] = [];

/** `?contactId=N`: a positive whole number, or nothing. */
function contactIdOf(value: string | null): Id | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /schedules (spec 2 Schedules): the company's scheduled messages on a calendar, searched, added
 * from the button or an empty slot, opened, edited and deleted from their events. `?contactId=N`
 * opens a new one for that contact at once.
 */
export function SchedulesPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const phone = useMediaQuery(PHONE_QUERY);
  // A phone's width holds one day's column; the month and week stay a tab away.
  const [view, setView] = useState<CalendarView>(() => (phone ? 'day' : 'month'));
  const [date, setDate] = useState(() => new Date());
  const { search, setSearch, searchParam } = useListSearch();
  const language = currentLanguage();
  const range = useMemo(
    () => rangeArgs(visibleRange(view, date, weekStartOf(language)), searchParam),
    [view, date, language, searchParam],
  );
  const { data, error, isFetching, refetch } = useListSchedulesQuery(range);
  useLoadErrorToast(error);

  const [dialog, setDialog] = useState<DialogState | null>(null);
  const deletion = useDeleteConfirmation<Schedule>(useDeleteScheduleMutation(), t('schedules.deleted'));

  // `?contactId=N` holds a new schedule's dialog open for that contact once it is read; closing the
  // dialog takes the request out of the address, so going back or reloading does not repeat it.
  const [params, setParams] = useSearchParams();
  const contactId = contactIdOf(params.get('contactId'));
  const contact = useGetContactQuery(contactId ?? 0, { skip: !contactId });
  useLoadErrorToast(contact.error);
  const shown: DialogState | null =
    dialog ?? (contactId && contact.data ? { kind: 'create', contact: contact.data } : null);
  const close = () => {
    setDialog(null);
    if (!contactId) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('contactId');
        return next;
      },
      { replace: true },
    );
  };

  const open = useCallback((schedule: Schedule) => setDialog({ kind: 'edit', schedule }), []);

  return (
    <div className={styles.page}>
      <PageHeader title={t('schedules.title')}>
        {isFetching && <Spinner size="tiny" label={t('common.loading')} />}
        <SearchField value={search} onChange={setSearch} />
        <AddButton onClick={() => setDialog({ kind: 'create' })}>{t('schedules.add')}</AddButton>
      </PageHeader>
      <ul className={styles.legend} aria-label={t('schedules.statusLegend')}>
        {SCHEDULE_STATUSES.map((status) => (
          <li key={status} className={styles.legendItem}>
            <span
              className={styles.swatch}
              style={{
                backgroundColor: STATUS_COLORS[status].background,
                border: `2px solid ${STATUS_COLORS[status].edge}`,
              }}
            />
            {t(`schedules.status.${status}`)}
          </li>
        ))}
      </ul>
      {error && !isFetching && (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(i18n, error)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {data?.hasMore && (
        <MessageBar intent="info">
          <MessageBarBody>{t('schedules.tooMany', { count: data.count, shown: data.schedules.length })}</MessageBarBody>
        </MessageBar>
      )}
      <SchedulesCalendar
        schedules={data?.schedules ?? NO_SCHEDULES}
        language={language}
        view={view}
        date={date}
        onView={setView}
        onNavigate={setDate}
        onSelectSlot={(slot) => setDialog({ kind: 'create', sendAt: slotSendAt(slot, new Date()) })}
        onOpen={open}
        onDelete={deletion.ask}
      />
      {shown && (
        <ScheduleModal
          schedule={shown.kind === 'edit' ? shown.schedule : null}
          contact={shown.kind === 'create' ? shown.contact : null}
          sendAt={shown.kind === 'create' ? shown.sendAt : undefined}
          onClose={close}
        />
      )}
      <DeleteDialog
        deletion={deletion}
        title={t('schedules.deleteTitle', { name: deletion.target?.contact.name ?? '' })}
        message={t('schedules.deleteMessage')}
      />
    </div>
  );
}
