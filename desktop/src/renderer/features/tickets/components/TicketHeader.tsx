import { can, type Ticket } from '@atendo/shared';
import { Avatar, Button, Caption1, makeStyles, Text, Tooltip, tokens } from '@fluentui/react-components';
import {
  ArrowForwardRegular,
  ArrowUndoRegular,
  CheckmarkCircleRegular,
  DeleteRegular,
  PersonInfoRegular,
} from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../app/errors';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { selectSessionUser } from '../../auth/auth.slice';
import { ScheduleFromTicket } from '../../schedules/components/ScheduleFromTicket';
import { openedTicket } from '../ticket-route';
import { type TicketChanges, useDeleteTicketMutation, useUpdateTicketMutation } from '../tickets.api';

// Fetched when first opened, like the other dialogs of the tickets screen.
const TransferModal = lazy(async () => ({ default: (await import('./TransferModal')).TransferModal }));

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexWrap: 'wrap',
  },
  contact: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    flexGrow: 1,
    minWidth: 0,
    border: 'none',
    background: 'none',
    padding: 0,
    textAlign: 'start',
    color: 'inherit',
    cursor: 'pointer',
    font: 'inherit',
  },
  who: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

type Action = 'accept' | 'return' | 'resolve' | 'reopen';

export function TicketHeader({
  ticket,
  onOpenContact,
  onLeaving,
}: {
  ticket: Ticket;
  onOpenContact: () => void;
  /** This user is deleting the ticket or transferring it, perhaps out of their own sight. */
  onLeaving: () => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const user = useAppSelector(selectSessionUser);
  const [updateTicket, { isLoading: updating }] = useUpdateTicketMutation();
  const [deleteTicket, { isLoading: deleting }] = useDeleteTicketMutation();
  const [transferOpen, setTransferOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (!user) return null;

  const run = async (action: Action) => {
    const changes: Record<Action, TicketChanges> = {
      accept: { status: 'open', userId: user.id, greeting: true },
      return: { status: 'pending', userId: null },
      resolve: { status: 'closed', userId: user.id },
      reopen: { status: 'open', userId: user.id },
    };
    try {
      await updateTicket({ id: ticket.id, changes: changes[action] }).unwrap();
      // Spec §4: a ticket that ends up open stays on screen; any other change goes back to the list.
      if (action === 'accept' || action === 'reopen') void navigate(...openedTicket(ticket.uuid));
      else void navigate('/tickets');
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
  };

  const remove = async () => {
    onLeaving();
    try {
      await deleteTicket(ticket.id).unwrap();
      notify.success(t('tickets.deleted'));
      setConfirmDelete(false);
      void navigate('/tickets');
    } catch (failure) {
      notify.error(errorText(i18n, failure));
      setConfirmDelete(false);
    }
  };

  return (
    <header className={styles.header}>
      <button
        type="button"
        className={styles.contact}
        onClick={onOpenContact}
        aria-label={t('tickets.contactDetails', { name: ticket.contact.name })}
      >
        <Avatar name={ticket.contact.name} image={{ src: ticket.contact.profilePicUrl || undefined }} size={40} />
        <span className={styles.who}>
          <Text weight="semibold" className={styles.ellipsis}>
            {ticket.contact.name}
          </Text>
          <Caption1 className={styles.ellipsis}>
            {ticket.contact.number}
            {ticket.user ? ` · ${t('tickets.assignedTo', { name: ticket.user.name })}` : ''}
          </Caption1>
        </span>
      </button>
      <div className={styles.actions}>
        {ticket.status === 'pending' && (
          <Button appearance="primary" disabled={updating} onClick={() => void run('accept')}>
            {t('tickets.accept')}
          </Button>
        )}
        {ticket.status === 'open' && (
          <Button icon={<ArrowUndoRegular />} disabled={updating} onClick={() => void run('return')}>
            {t('tickets.actions.return')}
          </Button>
        )}
        {ticket.status !== 'closed' && (
          <Button
            appearance="primary"
            icon={<CheckmarkCircleRegular />}
            disabled={updating}
            onClick={() => void run('resolve')}
          >
            {t('tickets.actions.resolve')}
          </Button>
        )}
        {ticket.status === 'closed' && (
          <Button appearance="primary" disabled={updating} onClick={() => void run('reopen')}>
            {t('tickets.actions.reopen')}
          </Button>
        )}
        {ticket.status !== 'closed' && (
          <Button icon={<ArrowForwardRegular />} onClick={() => setTransferOpen(true)}>
            {t('tickets.actions.transfer')}
          </Button>
        )}
        <ScheduleFromTicket ticket={ticket} />
        <Tooltip content={t('tickets.contactDrawer.title')} relationship="label">
          <Button appearance="subtle" icon={<PersonInfoRegular />} onClick={onOpenContact} />
        </Tooltip>
        {can(user, 'ticket-options:deleteTicket') && (
          <Tooltip content={t('tickets.actions.delete')} relationship="label">
            <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => setConfirmDelete(true)} />
          </Tooltip>
        )}
      </div>
      {transferOpen && (
        <Suspense fallback={null}>
          <TransferModal ticket={ticket} onClose={() => setTransferOpen(false)} onTransferring={onLeaving} />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={t('tickets.deleteTitle', { id: ticket.id })}
        message={t('tickets.deleteMessage')}
        confirmLabel={t('common.delete')}
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </header>
  );
}
