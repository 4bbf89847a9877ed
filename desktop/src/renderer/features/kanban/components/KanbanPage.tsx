import type { KanbanTicket } from '@atendo/shared';
import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
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
import { useAppDispatch } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { AppLink } from '../../../components/AppLink';
import { PageHeader } from '../../../components/PageHeader';
import { type Board, type BoardArgs, type BoardLane, laneOfCard } from '../board';
import { moveCard, useKanbanBoardQuery } from '../kanban.api';
import { laneKeyboardCoordinates } from '../lane-keyboard';
import { KanbanCardOverlay } from './KanbanCard';
import { KanbanLane } from './KanbanLane';

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

/** Lanes are drop targets; the pointer decides where it is, the keyboard's card by its box. */
const collision: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length ? under : rectIntersection(args);
};

interface DragData {
  ticket: KanbanTicket;
}
interface DropData {
  tagId: number | null;
  name: string;
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
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  );

  const laneName = (lane: Pick<BoardLane, 'tag'>) => lane.tag?.name ?? t('kanban.lane.open');
  const idOf = (data: unknown) => (data as DragData | undefined)?.ticket.id ?? '';
  const nameOf = (data: unknown) => (data as DropData | undefined)?.name ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('kanban.a11y.picked', { id: idOf(active.data.current) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('kanban.a11y.over', { id: idOf(active.data.current), lane: nameOf(over.data.current) })
        : t('kanban.a11y.outside', { id: idOf(active.data.current) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('kanban.a11y.dropped', { id: idOf(active.data.current), lane: nameOf(over.data.current) })
        : t('kanban.a11y.notDropped', { id: idOf(active.data.current) }),
    onDragCancel: ({ active }) => t('kanban.a11y.cancelled', { id: idOf(active.data.current) }),
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragged((active.data.current as DragData).ticket);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    if (!over || !board) return;
    const { ticket } = active.data.current as DragData;
    const { tagId } = over.data.current as DropData;
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
          <BoardLanes board={board} args={args} laneName={laneName} className={styles.board} />
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
  className,
}: {
  board: Board;
  args: BoardArgs;
  laneName: (lane: BoardLane) => string;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    // The layout check of the browser suite knows this box scrolls sideways on purpose.
    <div className={className} role="group" aria-label={t('kanban.boardLabel')} data-scrolls-sideways="">
      {board.lanes.map((lane) => (
        <KanbanLane key={lane.tag?.id ?? 'open'} lane={lane} name={laneName(lane)} args={args} />
      ))}
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
