import { useDndContext, useDroppable } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, CounterBadge, makeStyles, mergeClasses, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { ReOrderDotsHorizontalRegular } from '@fluentui/react-icons';
import { type CSSProperties, type ReactNode, useState } from 'react';
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
  // The lane being arranged, lifted above the others while it travels.
  lifted: { boxShadow: tokens.shadow16, zIndex: 1, position: 'relative', outlineColor: tokens.colorBrandStroke1 },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  title: { overflowWrap: 'anywhere', minWidth: 0, flexGrow: 1 },
  handle: { flexShrink: 0, cursor: 'grab', touchAction: 'none' },
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
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalM, textAlign: 'center' },
  more: { alignSelf: 'center', flexShrink: 0 },
});

/** What a lane is dragged by, while it is being arranged, and where its card drops land. */
export interface LaneData {
  type: 'lane';
  tagId: number | null;
  name: string;
}

interface LaneProps {
  lane: BoardLane;
  name: string;
  args: BoardArgs;
}

export const laneDragId = (tagId: number | null) => `lane:${laneKey(tagId)}`;

/**
 * The lane of tickets without a kanban tag: always the board's first, a drop target for cards only.
 * While a lane is arranged it is no target, so the arranged lane never lands before it.
 */
export function OpenLane(props: LaneProps) {
  const { active } = useDndContext();
  const arranging = (active?.data.current as LaneData | undefined)?.type === 'lane';
  const data: LaneData = { type: 'lane', tagId: null, name: props.name };
  const { setNodeRef, isOver } = useDroppable({ id: laneDragId(null), data, disabled: arranging });
  return <LaneView {...props} nodeRef={setNodeRef} isOver={isOver} />;
}

/**
 * A kanban tag's lane: a drop target for cards, and (for those who may arrange the board) moved by
 * its handle, with the mouse, a touch or the keyboard (space or enter, the arrows, space or enter).
 */
export function SortableLane({ arrangeable, ...props }: LaneProps & { arrangeable: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const tagId = props.lane.tag?.id ?? null;
  const data: LaneData = { type: 'lane', tagId, name: props.name };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging, over, active } =
    useSortable({
      id: laneDragId(tagId),
      data,
      disabled: { draggable: !arrangeable },
      attributes: { roleDescription: t('kanban.a11y.laneRoleDescription') },
    });
  const cardOver = over?.id === laneDragId(tagId) && (active?.data.current as LaneData | undefined)?.type !== 'lane';
  return (
    <LaneView
      {...props}
      nodeRef={setNodeRef}
      isOver={cardOver}
      lifted={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      handle={
        arrangeable ? (
          <Button
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            className={styles.handle}
            appearance="subtle"
            size="small"
            icon={<ReOrderDotsHorizontalRegular />}
            aria-label={t('kanban.lane.move', { name: props.name })}
          />
        ) : null
      }
    />
  );
}

/** A lane: its tag's name and colour, how many tickets it holds and its cards. */
function LaneView({
  lane,
  name,
  args,
  nodeRef,
  isOver,
  lifted = false,
  style,
  handle,
}: LaneProps & {
  nodeRef: (node: HTMLElement | null) => void;
  isOver: boolean;
  lifted?: boolean;
  style?: CSSProperties;
  handle?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const tagId = lane.tag?.id ?? null;
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
      ref={nodeRef}
      className={mergeClasses(styles.lane, isOver && styles.over, lifted && styles.lifted)}
      style={{ ...style, ...(lane.tag ? { borderTopColor: lane.tag.color } : {}) }}
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
        {handle}
      </div>
      <div className={styles.cards}>
        {/* Only cards are items of the list: the empty note and "load more" stand beside it. */}
        {lane.tickets.length > 0 && (
          <div role="list" aria-label={t('kanban.lane.cards', { name })} className={styles.list}>
            {lane.tickets.map((ticket) => (
              <KanbanCard key={ticket.id} ticket={ticket} />
            ))}
          </div>
        )}
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
