import type { ClientRect, KeyboardCoordinateGetter } from '@dnd-kit/core';

/** How far below a lane's top a card moved by keyboard lands: past the lane's header. */
const BELOW_HEADER_PX = 56;

/**
 * Keyboard moves between lanes: the left and right arrows take a picked-up card to the centre of
 * the previous or next lane (the board's only droppables), so one key press is one lane, however
 * wide the lanes are. Cards have no order within a lane, so the other arrows do nothing.
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const direction = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const card = context.collisionRect;
  if (!direction || !card) return undefined;
  event.preventDefault();
  const lanes: ClientRect[] = [];
  for (const container of context.droppableContainers.getEnabled()) {
    const rect = context.droppableRects.get(container.id);
    if (rect) lanes.push(rect);
  }
  lanes.sort((a, b) => a.left - b.left);
  const centre = card.left + card.width / 2;
  const current = lanes.findIndex((rect) => centre >= rect.left && centre <= rect.right);
  const target = current >= 0 ? lanes[current + direction] : undefined;
  if (!target) return undefined;
  return { x: target.left + (target.width - card.width) / 2, y: target.top + BELOW_HEADER_PX };
};
