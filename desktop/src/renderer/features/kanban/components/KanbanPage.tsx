import { can, type KanbanTicket } from '@atendo/shared';
import {
  type Active,
  type Announcements,
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  DragOverlay,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  type Over,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { selectSessionUser } from '../../auth/auth.slice';
import { useNotify } from '../../../app/toasts';
import { AppLink } from '../../../components/AppLink';
import { PageHeader } from '../../../components/PageHeader';
import { type Board, type BoardArgs, type BoardLane, laneOfCard } from '../board';
import { arrangeLanes, moveCard, useKanbanBoardQuery } from '../kanban.api';
import { laneKeyboardCoordinates } from '../lane-keyboard';
import { KanbanCardOverlay } from './KanbanCard';
import { laneDragId, type LaneData, OpenLane, SortableLane } from './KanbanLane';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, flexGrow: 1, minHeight: 0 },
  // The lanes side by side; on a narrow screen the board (not the page) scrolls sideways.
  board: {
    display: 'flex',
    alignItems: 'stretch',
    gap: tokens.spacingHorizontalM,
    overflowX: 'auto',
    overflowY: 'hidden',
    flexGrow: 1,
    minHeight: '320px',
    paddingBottom: tokens.spacingVerticalS,
  },
  status: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
});

const isLane = (item: Active | Over | null | undefined) =>
  (item?.data.current as LaneData | undefined)?.type === 'lane';

/**
 * Lanes are drop targets: for a card, the pointer decides where it is, the keyboard's card by its
 * box; a lane being arranged takes the place of the kanban lane nearest its centre.
 */
const collision: CollisionDetection = (args) => {
  if (isLane(args.active)) {
    const lanes = args.droppableContainers.filter((c) => (c.data.current as LaneData | undefined)?.tagId != null);
    return closestCenter({ ...args, droppableContainers: lanes });
  }
  const under = pointerWithin(args);
  return under.length ? under : rectIntersection(args);
};

/** The arrows move a card one lane at a time (lane-keyboard.ts), and a lane one place at a time. */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) =>
  isLane(args.context.active) ? sortableKeyboardCoordinates(event, args) : laneKeyboardCoordinates(event, args);

interface DragData {
  ticket: KanbanTicket;
}

/**
 * /kanban (spec 2 §2, §4, §6): the live tickets in sight as cards in lanes. Dragging a card to
 * another lane takes the ticket's lane tags away and gives it that lane's tag, each step confirmed
 * by a toast. Moves made elsewhere arrive as ticket events (kanban.api.ts).
 */
export function KanbanPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const [onlyMine, setOnlyMine] = useState(false);
  const args: BoardArgs = useMemo(() => ({ showAll: !onlyMine }), [onlyMine]);
  const { data: board, error, isLoading, refetch } = useKanbanBoardQuery(args);
  const [dragged, setDragged] = useState<KanbanTicket | null>(null);
  const arrangeable = can(useAppSelector(selectSessionUser), 'tags:arrangeLanes');
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  const laneName = (lane: Pick<BoardLane, 'tag'>) => lane.tag?.name ?? t('kanban.lane.open');
  const idOf = (data: unknown) => (data as DragData | undefined)?.ticket.id ?? '';
  const nameOf = (data: unknown) => (data as LaneData | undefined)?.name ?? '';
  /** Where a lane being arranged stands: its place among the kanban lanes, "2 of 5". */
  const placeOf = (over: Over) => {
    const ids = (board?.lanes ?? []).flatMap((lane) => (lane.tag ? [laneDragId(lane.tag.id)] : []));
    return { position: ids.indexOf(String(over.id)) + 1, total: ids.length };
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      isLane(active)
        ? t('kanban.a11y.lanePicked', { lane: nameOf(active.data.current) })
        : t('kanban.a11y.picked', { id: idOf(active.data.current) }),
    onDragOver: ({ active, over }) => {
      if (isLane(active)) {
        return over ? t('kanban.a11y.laneOver', { lane: nameOf(active.data.current), ...placeOf(over) }) : undefined;
      }
      return over
        ? t('kanban.a11y.over', { id: idOf(active.data.current), lane: nameOf(over.data.current) })
        : t('kanban.a11y.outside', { id: idOf(active.data.current) });
    },
    onDragEnd: ({ active, over }) => {
      if (isLane(active)) {
        return over
          ? t('kanban.a11y.laneDropped', { lane: nameOf(active.data.current), ...placeOf(over) })
          : t('kanban.a11y.laneCancelled', { lane: nameOf(active.data.current) });
      }
      return over
        ? t('kanban.a11y.dropped', { id: idOf(active.data.current), lane: nameOf(over.data.current) })
        : t('kanban.a11y.notDropped', { id: idOf(active.data.current) });
    },
    onDragCancel: ({ active }) =>
      isLane(active)
        ? t('kanban.a11y.laneCancelled', { lane: nameOf(active.data.current) })
        : t('kanban.a11y.cancelled', { id: idOf(active.data.current) }),
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    if (!isLane(active)) setDragged((active.data.current as DragData).ticket);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    if (!over || !board) return;
    if (isLane(active)) {
      const ids = board.lanes.flatMap((lane) => (lane.tag ? [lane.tag.id] : []));
      const from = ids.indexOf((active.data.current as LaneData).tagId as number);
      const to = ids.indexOf((over.data.current as LaneData).tagId as number);
      if (from < 0 || to < 0 || from === to) return;
      dispatch(arrangeLanes(arrayMove(ids, from, to))).catch((failure: unknown) =>
        notify.error(errorText(i18n, failure)),
      );
      return;
    }
    const { ticket } = active.data.current as DragData;
    const { tagId } = over.data.current as LaneData;
    if (laneOfCard(board, ticket.id) === tagId) return;
    dispatch(
      moveCard(args, ticket.id, tagId, {
        removed: () => notify.success(t('kanban.tagRemoved')),
        added: () => notify.success(t('kanban.tagAdded')),
      }),
    ).catch((failure: unknown) => notify.error(errorText(i18n, failure)));
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('kanban.title')}>
        <Switch
          label={t('kanban.onlyMine')}
          checked={onlyMine}
          onChange={(_event, data) => setOnlyMine(data.checked)}
        />
      </PageHeader>
      {board && board.lanes.length < 2 && <NoLanesHint />}
      {error && !isLoading ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(i18n, error)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : !board ? (
        <div className={styles.status}>
          <Spinner label={t('common.loading')} />
        </div>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragged(null)}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('kanban.a11y.instructions') } }}
        >
          <BoardLanes
            board={board}
            args={args}
            laneName={laneName}
            arrangeable={arrangeable}
            className={styles.board}
          />
          <DragOverlay>{dragged ? <KanbanCardOverlay ticket={dragged} /> : null}</DragOverlay>
        </DndContext>
      )}
    </div>
  );
}

function BoardLanes({
  board,
  args,
  laneName,
  arrangeable,
  className,
}: {
  board: Board;
  args: BoardArgs;
  laneName: (lane: BoardLane) => string;
  arrangeable: boolean;
  className: string;
}) {
  const { t } = useTranslation();
  const sortable = board.lanes.flatMap((lane) => (lane.tag ? [laneDragId(lane.tag.id)] : []));
  return (
    // The layout check of the browser suite knows this box scrolls sideways on purpose.
    <div className={className} role="group" aria-label={t('kanban.boardLabel')} data-scrolls-sideways="">
      <SortableContext items={sortable} strategy={horizontalListSortingStrategy}>
        {board.lanes.map((lane) =>
          lane.tag ? (
            <SortableLane key={lane.tag.id} lane={lane} name={laneName(lane)} args={args} arrangeable={arrangeable} />
          ) : (
            <OpenLane key="open" lane={lane} name={laneName(lane)} args={args} />
          ),
        )}
      </SortableContext>
    </div>
  );
}

/** Without kanban tags the board has only the lane of untagged tickets: where lanes come from. */
function NoLanesHint() {
  const { t } = useTranslation();
  return (
    <MessageBar intent="info">
      <MessageBarBody>
        {t('kanban.noLanes')} <AppLink to="/tags">{t('kanban.toTags')}</AppLink>
      </MessageBarBody>
    </MessageBar>
  );
}
