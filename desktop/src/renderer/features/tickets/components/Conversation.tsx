import type { Message } from '@atendo/shared';
import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorBody } from '../../../app/errors';
import { useCompanyEvent, useSocketRoom } from '../../../app/socket';
import { useNotify } from '../../../app/toasts';
import { useGetTicketByUuidQuery } from '../tickets.api';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { TagSelector } from './TagSelector';
import { TicketHeader } from './TicketHeader';

// Fetched when first opened: its contact form's phone rules (libphonenumber) are not needed to read a ticket.
const ContactDrawer = lazy(async () => ({ default: (await import('./ContactDrawer')).ContactDrawer }));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, position: 'relative' },
  center: { flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' },
  tags: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

/** Errors that mean "this ticket is not yours to see": the spec's toast, then back to the list. */
function isForbidden(error: unknown): boolean {
  const body = errorBody(error);
  const status = (error as { status?: unknown } | undefined)?.status;
  return body?.error === 'ERR_NO_PERMISSION' || status === 403;
}

function isMissing(error: unknown): boolean {
  return (error as { status?: unknown } | undefined)?.status === 404;
}

export function Conversation({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const { data: ticket, error, refetch } = useGetTicketByUuidQuery(uuid);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  // This user deleted or transferred the ticket: its leaving needs no explaining.
  const ownChange = useRef(false);
  // A `delete` arrived for it: the next answer says whether it is gone or only out of sight.
  const leaving = useRef(false);

  useSocketRoom('chatBox', ticket?.id ?? null);

  useEffect(() => {
    if (!error) return;
    if (ownChange.current) {
      // Our own action already says where we go next.
    } else if (leaving.current) {
      if (isMissing(error)) notify.warning(t('tickets.deletedWhileOpen'));
      else notify.info(t('tickets.movedWhileOpen'));
    } else if (isForbidden(error)) notify.error(t('tickets.accessDenied'));
    else notify.error(t('tickets.notFound'));
    void navigate('/tickets', { replace: true });
  }, [error, navigate, notify, t]);

  // `delete` is also how a list hears that a ticket left it (accepted, resolved, transferred), so
  // it does not mean the ticket is gone: the server is asked whether it still is there for us.
  useCompanyEvent('ticket', (event) => {
    if (event.action !== 'delete' || !ticket || event.ticketId !== ticket.id) return;
    leaving.current = true;
    void refetch().then((answer) => {
      if (!answer.error) leaving.current = false;
    });
  });

  if (!ticket) {
    return (
      <div className={styles.center}>
        <Spinner label={t('common.loading')} />
      </div>
    );
  }

  return (
    <div className={styles.root}>
      <TicketHeader
        ticket={ticket}
        onOpenContact={() => setDrawerOpen(true)}
        onLeaving={() => {
          ownChange.current = true;
        }}
      />
      <div className={styles.tags}>
        <TagSelector ticket={ticket} />
      </div>
      <MessageList ticketId={ticket.id} unread={ticket.unreadMessages} onReply={setReplyTo} />
      <Composer ticket={ticket} replyTo={replyTo} onClearReply={() => setReplyTo(null)} />
      {drawerOpen && (
        <Suspense fallback={null}>
          <ContactDrawer ticket={ticket} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
