import { can } from '@atendo/shared';
import { Avatar, Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCompanyEvent } from '../../app/socket';
import { useAppSelector } from '../../app/store';
import { TopBarPopover, TopBarPopoverItem } from '../../components/TopBarPopover';
import { selectSessionUser } from '../auth/auth.slice';
import { selectConnection, selectVolume } from '../shell/shell.slice';
import { LastMessagePreview } from '../tickets/components/LastMessagePreview';
import { flattenTickets, type TicketListArgs, unreadTicketCount } from '../tickets/ticket-lists';
import { useListTicketsInfiniteQuery } from '../tickets/tickets.api';
import { inboundDecision, notificationTag, previewText, ticketUuidOf } from './notifications';
import { playNotificationSound } from './sound';
import { showUnreadCount } from './unread-indicator';

const UNREAD_ARGS: TicketListArgs = { kind: 'unread', showAll: false, queueIds: [] };

const useStyles = makeStyles({
  surface: { width: '340px', maxHeight: '420px', overflowY: 'auto', padding: tokens.spacingVerticalS },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  empty: { padding: tokens.spacingVerticalM, display: 'block' },
});

function askPermission(): void {
  if (window.desktop || typeof Notification === 'undefined') return;
  if (Notification.permission === 'default') void Notification.requestPermission();
}

/** How long a ticket must stay out of the unread list before its notification is withdrawn. */
const DISMISS_AFTER_MS = 1_000;

/**
 * The bell of the top bar: the tickets with unread messages this user may see, a chime on every
 * new inbound message, and a system notification (native in the desktop app).
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAppSelector(selectSessionUser);
  const volume = useAppSelector(selectVolume);
  // Offline, the count is only the last one known: the desktop badge shows a dot instead of it.
  const stale = useAppSelector(selectConnection) === 'offline';
  const [open, setOpen] = useState(false);
  const { data } = useListTicketsInfiniteQuery(UNREAD_ARGS, { skip: !user });
  const tickets = flattenTickets(data?.pages).filter((ticket) => ticket.unreadMessages > 0);
  const count = unreadTicketCount(tickets);
  const unreadIds = tickets.map((ticket) => ticket.id).join(',');

  useEffect(() => {
    window.desktop?.setUnreadCount(count, { stale });
  }, [count, stale]);
  // The tab says it too, in its title and icon, for an agent working in another tab.
  useEffect(() => {
    showUnreadCount(count);
    return () => showUnreadCount(0);
  }, [count]);

  // A ticket that leaves the unread list was read (here, or by a colleague who took it): its
  // desktop notification, if still on screen, would only send the agent to something done. A
  // status change arrives as a delete then an update, which takes the ticket out and puts it back:
  // only a ticket still out a moment later was read. Out, back and out again within that moment
  // sets two timers: the ticket is dismissed once, until it is unread again.
  const unreadNow = useRef<string[]>([]);
  const dismissed = useRef(new Set<string>());
  const pendingDismissals = useRef(new Set<number>());
  useEffect(() => {
    const now = unreadIds ? unreadIds.split(',') : [];
    for (const id of now) dismissed.current.delete(id);
    const left = unreadNow.current.filter((id) => !now.includes(id));
    unreadNow.current = now;
    if (!left.length) return;
    const timer = window.setTimeout(() => {
      pendingDismissals.current.delete(timer);
      for (const id of left) {
        if (unreadNow.current.includes(id) || dismissed.current.has(id)) continue;
        dismissed.current.add(id);
        window.desktop?.dismissNotification(notificationTag(Number(id)));
      }
    }, DISMISS_AFTER_MS);
    pendingDismissals.current.add(timer);
  }, [unreadIds]);
  useEffect(() => {
    const timers = pendingDismissals.current;
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, []);

  // Browsers only grant the permission from a user gesture: the first click anywhere asks once.
  useEffect(() => {
    const onFirstClick = () => askPermission();
    window.addEventListener('pointerdown', onFirstClick, { once: true });
    return () => window.removeEventListener('pointerdown', onFirstClick);
  }, []);

  useCompanyEvent('appMessage', (event) => {
    if (!user || event.action !== 'create') return;
    const viewer = {
      id: user.id,
      allTicket: user.allTicket,
      queues: user.queues,
      isAdmin: can(user, 'tickets:bypassQueueRestriction'),
    };
    const decision = inboundDecision(event, viewer, {
      uuid: ticketUuidOf(location.pathname),
      focused: document.hasFocus(),
    });
    if (decision.sound) playNotificationSound(volume);
    if (!decision.notify) return;
    const route = `/tickets/${event.ticket.uuid}`;
    const title = event.contact?.name || event.ticket.contact?.name || t('tickets.notification.title');
    const body = previewText(event.message, t);
    const tag = notificationTag(event.ticket.id);
    if (window.desktop) {
      window.desktop.notify({ title, body, route, tag });
      return;
    }
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const notification = new Notification(title, { body, tag });
    notification.onclick = () => {
      window.focus();
      void navigate(route);
      notification.close();
    };
  });

  if (!user) return null;

  return (
    <TopBarPopover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        askPermission();
      }}
      icon={<AlertRegular />}
      buttonLabel={t('tickets.notification.bell', { count })}
      title={t('tickets.notification.listTitle')}
      surfaceClassName={styles.surface}
      count={count}
    >
      {tickets.length === 0 ? (
        <Text className={styles.empty}>{t('tickets.notification.empty')}</Text>
      ) : (
        <ul className={styles.list}>
          {tickets.map((ticket) => (
            <TopBarPopoverItem
              key={ticket.id}
              onClick={() => {
                setOpen(false);
                void navigate(`/tickets/${ticket.uuid}`);
              }}
              avatar={<Avatar name={ticket.contact?.name} size={32} />}
              title={ticket.contact?.name}
              detail={<LastMessagePreview ticket={ticket} />}
              badge={
                <Badge size="small" color="success">
                  {ticket.unreadMessages}
                </Badge>
              }
            />
          ))}
        </ul>
      )}
    </TopBarPopover>
  );
}
