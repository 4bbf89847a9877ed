import { can, type Ticket } from '@atendo/shared';
import {
  Avatar,
  Badge,
  Button,
  Caption1,
  makeStyles,
  mergeClasses,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { EyeRegular } from '@fluentui/react-icons';
import { isToday } from 'date-fns';
import { lazy, Suspense, type UIEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../../app/errors';
import { formatDate, formatTime } from '../../../app/format';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { selectSessionUser } from '../../auth/auth.slice';
import { flattenTickets, type TicketListArgs, truncateName } from '../ticket-lists';
import { openedTicket } from '../ticket-route';
import { useListTicketsInfiniteQuery, useUpdateTicketMutation } from '../tickets.api';
import { LastMessagePreview } from './LastMessagePreview';

// Fetched when a waiting ticket is first peeked at: it draws the conversation, which the list does not.
const PeekDialog = lazy(async () => ({ default: (await import('./PeekDialog')).PeekDialog }));

/** Spec §9: the next page loads within 100 px of the bottom. */
export const LIST_PAGE_THRESHOLD_PX = 100;

const useStyles = makeStyles({
  scroller: { flexGrow: 1, minHeight: 0, overflowY: 'auto' },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  row: {
    display: 'flex',
    alignItems: 'stretch',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  queueBar: { width: '6px', flexShrink: 0 },
  main: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    border: 'none',
    background: 'none',
    textAlign: 'start',
    color: 'inherit',
    font: 'inherit',
  },
  clickable: {
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  text: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  name: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  preview: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: tokens.colorNeutralForeground3,
  },
  time: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  meta: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  actions: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    paddingRight: tokens.spacingHorizontalS,
  },
  status: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalM },
});

function rowTime(value: string): string {
  return isToday(new Date(value)) ? formatTime(value) : formatDate(value);
}

function TicketRow({ ticket, narrow, selected }: { ticket: Ticket; narrow: boolean; selected: boolean }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const user = useAppSelector(selectSessionUser);
  const [updateTicket, { isLoading: accepting }] = useUpdateTicketMutation();
  const [peeking, setPeeking] = useState(false);
  const pending = ticket.status === 'pending';
  const name = truncateName(ticket.contact?.name ?? '', narrow);

  const accept = async () => {
    if (!user) return;
    try {
      await updateTicket({ id: ticket.id, changes: { status: 'open', userId: user.id, greeting: true } }).unwrap();
      void navigate(...openedTicket(ticket.uuid));
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
  };

  const content = (
    <>
      <Avatar name={ticket.contact?.name} image={{ src: ticket.contact?.profilePicUrl || undefined }} size={36} />
      <span className={styles.text}>
        <span className={styles.line}>
          <Text weight="semibold" className={styles.name} title={ticket.contact?.name}>
            {name}
          </Text>
          <Caption1 className={styles.time}>{rowTime(ticket.updatedAt)}</Caption1>
        </span>
        <span className={styles.line}>
          <Caption1 className={styles.preview}>
            <LastMessagePreview ticket={ticket} />
          </Caption1>
          {ticket.unreadMessages > 0 && (
            <Badge size="small" color="success" aria-label={t('tickets.unreadCount', { count: ticket.unreadMessages })}>
              {ticket.unreadMessages}
            </Badge>
          )}
        </span>
        <span className={styles.meta}>
          {ticket.whatsapp && (
            <Badge size="small" appearance="outline" color="informative">
              {ticket.whatsapp.name}
            </Badge>
          )}
          {ticket.queue && (
            <Badge size="small" appearance="tint" color="subtle">
              {ticket.queue.name}
            </Badge>
          )}
          {ticket.user && ticket.status !== 'pending' && (
            <Badge size="small" appearance="tint" color="brand">
              {ticket.user.name}
            </Badge>
          )}
        </span>
      </span>
    </>
  );

  return (
    <li className={mergeClasses(styles.row, selected && styles.selected)} data-ticket-id={ticket.id}>
      <span
        className={styles.queueBar}
        style={{ backgroundColor: ticket.queue?.color ?? tokens.colorNeutralStroke1 }}
        title={ticket.queue?.name ?? t('tickets.noQueue')}
        aria-hidden
      />
      {pending ? (
        // Spec §2: a waiting ticket is accepted before it is opened; a click shows what the
        // customer wrote, read-only, so the agent knows what they are taking.
        <button
          type="button"
          className={mergeClasses(styles.main, styles.clickable)}
          disabled={!can(user, 'tickets:peek')}
          onClick={() => setPeeking(true)}
        >
          {content}
        </button>
      ) : (
        <button
          type="button"
          className={mergeClasses(styles.main, styles.clickable)}
          aria-current={selected ? 'true' : undefined}
          onClick={() => void navigate(`/tickets/${ticket.uuid}`)}
        >
          {content}
        </button>
      )}
      {pending && (
        <div className={styles.actions}>
          {can(user, 'tickets:peek') && (
            <Button
              appearance="subtle"
              size="small"
              icon={<EyeRegular />}
              aria-label={t('tickets.peek', { name: ticket.contact?.name ?? '' })}
              onClick={() => setPeeking(true)}
            />
          )}
          <Button appearance="primary" size="small" disabled={accepting} onClick={() => void accept()}>
            {t('tickets.accept')}
          </Button>
        </div>
      )}
      {peeking && (
        <Suspense fallback={null}>
          <PeekDialog ticket={ticket} onClose={() => setPeeking(false)} />
        </Suspense>
      )}
    </li>
  );
}

/** One ticket list (a tab), paged by infinite scroll and kept live by the socket's cache writes. */
export function TicketList({ args, narrow }: { args: TicketListArgs; narrow: boolean }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { ticketId } = useParams();
  const { data, isLoading, error, hasNextPage, isFetchingNextPage, fetchNextPage } = useListTicketsInfiniteQuery(args);
  const tickets = flattenTickets(data?.pages);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (
      el.scrollHeight - el.scrollTop - el.clientHeight < LIST_PAGE_THRESHOLD_PX &&
      hasNextPage &&
      !isFetchingNextPage
    ) {
      void fetchNextPage();
    }
  };

  return (
    <div className={styles.scroller} onScroll={onScroll}>
      <ul className={styles.list} aria-label={t(`tickets.lists.${args.kind}`)}>
        {tickets.map((ticket) => (
          <TicketRow key={ticket.id} ticket={ticket} narrow={narrow} selected={ticket.uuid === ticketId} />
        ))}
      </ul>
      {(isLoading || isFetchingNextPage) && (
        <div className={styles.status}>
          <Spinner size="small" label={t('common.loading')} />
        </div>
      )}
      {error && (
        <div className={styles.status}>
          <Text>{errorText(i18n, error)}</Text>
        </div>
      )}
      {!isLoading && !error && tickets.length === 0 && (
        <div className={styles.status}>
          <Text>{t('tickets.empty')}</Text>
        </div>
      )}
    </div>
  );
}
