import { useDroppable } from '@dnd-kit/core';
import { Button, CounterBadge, makeStyles, mergeClasses, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useAppDispatch } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { type BoardArgs, type BoardLane, laneKey } from '../board';
import { loadMoreCards } from '../kanban.api';
import { KanbanCard } from './KanbanCard';

const useStyles = makeStyles({
  lane: {
    // A phone shows most of one lane and the edge of the next, which says "scroll sideways". The
    // width is the lane's own: a card's long last message is cut, never widening its lane.
    width: 'min(300px, 80vw)',
    flexShrink: 0,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    maxHeight: '100%',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusLarge,
    borderTop: `4px solid ${tokens.colorNeutralStroke1}`,
    outline: '2px solid transparent',
    transitionProperty: 'outline-color',
    transitionDuration: tokens.durationFaster,
  },
  over: { outlineColor: tokens.colorBrandStroke1 },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  title: { overflowWrap: 'anywhere', minWidth: 0 },
  cards: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `0 ${tokens.spacingHorizontalS} ${tokens.spacingVerticalS}`,
    overflowY: 'auto',
    overflowX: 'hidden',
    minWidth: 0,
    minHeight: '96px',
    flexGrow: 1,
  },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalM, textAlign: 'center' },
  more: { alignSelf: 'center', flexShrink: 0 },
});

/** A lane: a drop target for cards, its tag's name and colour, how many tickets it holds and its cards. */
export function KanbanLane({ lane, name, args }: { lane: BoardLane; name: string; args: BoardArgs }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const tagId = lane.tag?.id ?? null;
  const { setNodeRef, isOver } = useDroppable({ id: `lane:${laneKey(tagId)}`, data: { tagId, name } });
  const [loading, setLoading] = useState(false);

  const more = async (cursor: string) => {
    setLoading(true);
    try {
      await dispatch(loadMoreCards(args, tagId, cursor));
    } catch (error) {
      notify.error(errorText(i18n, error));
    } finally {
      setLoading(false);
    }
  };

  return (
    <section
      ref={setNodeRef}
      className={mergeClasses(styles.lane, isOver && styles.over)}
      style={lane.tag ? { borderTopColor: lane.tag.color } : undefined}
      aria-label={name}
      data-lane={laneKey(tagId)}
    >
      <div className={styles.header}>
        <Subtitle2 as="h2" className={styles.title}>
          {name}
        </Subtitle2>
        <CounterBadge
          count={lane.count}
          showZero
          overflowCount={99_999}
          appearance="ghost"
          aria-label={t('kanban.lane.count', { count: lane.count })}
        />
      </div>
      <div role="list" aria-label={t('kanban.lane.cards', { name })} className={styles.cards}>
        {lane.tickets.map((ticket) => (
          <KanbanCard key={ticket.id} ticket={ticket} />
        ))}
        {lane.tickets.length === 0 && <Text className={styles.empty}>{t('kanban.lane.empty')}</Text>}
        {lane.cursor && (
          <Button
            className={styles.more}
            appearance="subtle"
            disabled={loading}
            onClick={() => void more(lane.cursor as string)}
          >
            {loading ? t('common.loading') : t('kanban.lane.more')}
          </Button>
        )}
      </div>
    </section>
  );
}
