import { type Company, daysUntil, dueDateTone } from '@atendo/shared';
import {
  Badge,
  Button,
  Field,
  makeStyles,
  mergeClasses,
  SearchBox,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { type UIEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { formatDate } from '../../../app/format';
import { useDebouncedValue } from '../../../app/hooks';
import { useNotify } from '../../../app/toasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListStatus } from '../../../components/ListStatus';
import { RowActions } from '../../../components/RowActions';
import { useDeleteCompanyMutation, useListCompaniesInfiniteQuery } from '../companies.api';
import { CompanyModal } from './CompanyModal';

/** Spec §9: searches wait 500 ms; the next page loads within 100 px of the bottom. */
const SEARCH_DEBOUNCE_MS = 500;
const LOAD_MORE_THRESHOLD_PX = 100;

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: {
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  scroller: {
    minHeight: '240px',
    maxHeight: 'calc(100vh - 300px)',
    overflow: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  // Spec §4: rows tinted by the days left until the due date (rule and boundaries: dueDateTone).
  yellow: { backgroundColor: tokens.colorPaletteYellowBackground2 },
  orange: { backgroundColor: tokens.colorPaletteMarigoldBackground2 },
  red: { backgroundColor: tokens.colorPaletteRedBackground2 },
  due: { display: 'flex', flexDirection: 'column' },
  actionsColumn: { width: '110px' },
});

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; company: Company };

/** Settings › Companies (super-admin): every tenant, its plan, status and due date. */
export function CompaniesTab() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const { data, error, isLoading, isFetching, hasNextPage, fetchNextPage } = useListCompaniesInfiniteQuery(searchParam);
  const [deleteCompany, { isLoading: deleting }] = useDeleteCompanyMutation();
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<Company | null>(null);

  // Pages can overlap when companies are added while scrolling; the first copy of each id wins.
  const companies = useMemo(() => {
    const seen = new Set<number>();
    return (data?.pages ?? []).flatMap((page) => page.companies).filter((c) => !seen.has(c.id) && !!seen.add(c.id));
  }, [data]);

  // Spec §8: a list that fails to load says so in a toast as well as in the table.
  useEffect(() => {
    if (error) notify.error(errorText(i18n, error));
  }, [error, notify, i18n]);

  const scroller = useRef<HTMLDivElement>(null);
  const loadMoreIfNearBottom = (element: HTMLDivElement) => {
    const { scrollTop, scrollHeight, clientHeight } = element;
    if (scrollHeight - scrollTop - clientHeight < LOAD_MORE_THRESHOLD_PX && hasNextPage && !isFetching) {
      void fetchNextPage();
    }
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => loadMoreIfNearBottom(event.currentTarget);
  // On a tall window the first page may not fill the list, so no scroll event would ever come.
  useEffect(() => {
    if (scroller.current) loadMoreIfNearBottom(scroller.current);
  });

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteCompany(toDelete.id).unwrap();
      notify.success(t('settings.companies.deleted'));
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
    setToDelete(null);
  };

  /** The words beside a tinted due date, so the colour is not the only sign. */
  const dueNote = (dueDate: string) => {
    const days = daysUntil(dueDate);
    if (days === 0) return t('settings.companies.dueToday');
    return days > 0
      ? t('settings.companies.daysLeft', { count: days })
      : t('settings.companies.daysOverdue', { count: -days });
  };

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <Field label={t('common.search')}>
          <SearchBox value={search} onChange={(_event, value) => setSearch(value.value)} />
        </Field>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setModal({ mode: 'create' })}>
          {t('settings.companies.add')}
        </Button>
      </div>
      <div ref={scroller} className={styles.scroller} onScroll={onScroll}>
        <Table aria-label={t('settings.companies.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('settings.companies.fields.name')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.companies.fields.email')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.companies.fields.phone')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.companies.fields.plan')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.companies.columns.status')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.companies.fields.createdAt')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.companies.fields.dueDate')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.companies.fields.recurrence')}</TableHeaderCell>
              <TableHeaderCell className={styles.actionsColumn}>{t('common.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {companies.map((company) => {
              const tone = company.isPlatform ? null : dueDateTone(company.dueDate);
              return (
                <TableRow
                  key={company.id}
                  className={mergeClasses(tone ? styles[tone] : undefined)}
                  data-tone={tone ?? 'none'}
                >
                  <TableCell>{company.name}</TableCell>
                  <TableCell>{company.email}</TableCell>
                  <TableCell>{company.phone}</TableCell>
                  <TableCell>{company.plan?.name}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={company.status ? 'success' : 'danger'}>
                      {company.status ? t('settings.companies.active') : t('settings.companies.inactive')}
                    </Badge>
                  </TableCell>
                  <TableCell>{formatDate(company.createdAt)}</TableCell>
                  <TableCell>
                    {company.dueDate ? (
                      <span className={styles.due}>
                        <Text>{formatDate(company.dueDate)}</Text>
                        {tone && <Text size={200}>{dueNote(company.dueDate)}</Text>}
                      </span>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell>{t(`settings.companies.recurrences.${company.recurrence}`)}</TableCell>
                  <TableCell>
                    <RowActions
                      editLabel={t('settings.companies.editNamed', { name: company.name })}
                      deleteLabel={t('settings.companies.deleteNamed', { name: company.name })}
                      onEdit={() => setModal({ mode: 'edit', company })}
                      onDelete={() => setToDelete(company)}
                      deleteDisabled={company.isPlatform}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <ListStatus
          loading={isLoading || isFetching}
          error={error}
          empty={
            companies.length === 0 && (searchParam ? t('settings.companies.noMatches') : t('settings.companies.empty'))
          }
        />
      </div>
      {modal.mode !== 'closed' && (
        <CompanyModal
          company={modal.mode === 'edit' ? modal.company : null}
          onClose={() => setModal({ mode: 'closed' })}
        />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title={t('settings.companies.deleteTitle', { name: toDelete?.name ?? '' })}
        message={t('settings.companies.deleteMessage')}
        confirmLabel={t('common.delete')}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
