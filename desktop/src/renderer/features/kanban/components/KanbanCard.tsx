import type { KanbanTicket } from '@atendo/shared';
import { useDraggable } from '@dnd-kit/core';
import { Button, Caption1, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { ReOrderDotsVerticalRegular } from '@fluentui/react-icons';
import type { KeyboardEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/AppLink';
import { LastMessagePreview } from '../../tickets/components/LastMessagePreview';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    // Touch: a long press picks the card up; a swipe still scrolls the lane.
    touchAction: 'manipulation',
    cursor: 'grab',
    minWidth: 0,
  },
  lifted: { boxShadow: tokens.shadow16, cursor: 'grabbing' },
  // The card left in place while its copy travels under the pointer.
  placeholder: { opacity: 0.4 },
  top: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS, minWidth: 0 },
  who: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  name: { overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  preview: {
    color: tokens.colorNeutralForeground2,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  handle: { flexShrink: 0, cursor: 'grab' },
});

/** What a card shows (spec 2 §2): ticket id, contact name and number, last message, the ticket's link. */
function CardBody({ ticket, handle }: { ticket: KanbanTicket; handle: ReactNode }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <>
      <div className={styles.top}>
        <div className={styles.who}>
          <Caption1 className={styles.muted}>{t('kanban.card.id', { id: ticket.id })}</Caption1>
          <Text weight="semibold" className={styles.name}>
            {ticket.contact.name || ticket.contact.number}
          </Text>
          <Caption1 className={styles.muted}>{ticket.contact.number}</Caption1>
        </div>
        {handle}
      </div>
      <div className={styles.preview}>
        <LastMessagePreview ticket={ticket} />
      </div>
      <div>
        <AppLink to={`/tickets/${ticket.uuid}`}>{t('kanban.card.open')}</AppLink>
      </div>
    </>
  );
}

/**
 * A card that moves: picked up by the mouse anywhere on it, by a long press on touch screens, or
 * from the keyboard on its handle (space or enter, then the arrows, see lane-keyboard.ts).
 */
export function KanbanCard({ ticket }: { ticket: KanbanTicket }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: `ticket:${ticket.id}`,
    data: { ticket },
    attributes: { roleDescription: t('kanban.a11y.roleDescription') },
  });
  // The keyboard starts from the handle only; the pointer and touch from the whole card.
  const { onKeyDown, ...pointer } = listeners ?? {};
  const keyDown = onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined;
  const label = t('kanban.card.label', { id: ticket.id, name: ticket.contact.name || ticket.contact.number });
  return (
    <div
      ref={setNodeRef}
      role="listitem"
      aria-label={label}
      data-ticket-id={ticket.id}
      className={mergeClasses(styles.card, isDragging && styles.placeholder)}
      {...pointer}
    >
      <CardBody
        ticket={ticket}
        handle={
          <Button
            ref={setActivatorNodeRef}
            {...attributes}
            onKeyDown={keyDown}
            className={styles.handle}
            appearance="subtle"
            size="small"
            icon={<ReOrderDotsVerticalRegular />}
            aria-label={t('kanban.card.move', { id: ticket.id })}
          />
        }
      />
    </div>
  );
}

/** The copy of a card that follows the pointer (or the arrows) while it is dragged. */
export function KanbanCardOverlay({ ticket }: { ticket: KanbanTicket }) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.card, styles.lifted)}>
      <CardBody ticket={ticket} handle={<ReOrderDotsVerticalRegular className={styles.handle} aria-hidden />} />
    </div>
  );
}
