import type { Ticket } from '@atendo/shared';
import { makeStyles, tokens } from '@fluentui/react-components';
import { ProhibitedRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { WhatsAppText } from './WhatsAppText';

const useStyles = makeStyles({
  deleted: { fontStyle: 'italic', display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
});

/** A ticket's last message on one line: formatted as in the thread, or the deleted label. */
export function LastMessagePreview({ ticket }: { ticket: Pick<Ticket, 'lastMessage' | 'lastMessageDeleted'> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (ticket.lastMessageDeleted) {
    return (
      <span className={styles.deleted} data-testid="preview-deleted">
        <ProhibitedRegular aria-hidden />
        {t('tickets.message.deleted')}
      </span>
    );
  }
  return <WhatsAppText text={ticket.lastMessage} oneLine />;
}
