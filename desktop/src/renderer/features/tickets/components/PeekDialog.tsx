import type { Ticket } from '@atendo/shared';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { MessageList } from './MessageList';

const useStyles = makeStyles({
  surface: { maxWidth: '720px', width: '100%' },
  content: { height: '60vh', display: 'flex', flexDirection: 'column', padding: 0 },
});

/** A look into a waiting ticket before accepting it (agents and admins alike): the messages, read-only. */
export function PeekDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('tickets.peekTitle', { name: ticket.contact?.name ?? '' })}</DialogTitle>
          <DialogContent className={styles.content}>
            <MessageList ticketId={ticket.id} readOnly />
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {t('common.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
