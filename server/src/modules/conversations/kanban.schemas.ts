import * as yup from 'yup';
import { KANBAN_OPEN_LANE, V } from '@atendo/shared';
import { flagParam, idList } from './query.schemas.js';

/**
 * GET /ticket/kanban: `queueIds` (a JSON array, as the existing clients send it) and `showAll`;
 * `lane` (`open` or a kanban tag's id) with `cursor` (a lane's `cursor`) pages one lane.
 */
export const kanbanQuerySchema = yup.object({
  queueIds: idList,
  showAll: flagParam,
  lane: yup
    .string()
    .matches(new RegExp(`^(${KANBAN_OPEN_LANE}|[1-9]\\d{0,9})$`), V.oneOf)
    .optional(),
  cursor: yup
    .string()
    .matches(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_\d{1,10}$/, V.oneOf)
    .test('instant', V.oneOf, (value) => !value || !Number.isNaN(Date.parse(value.slice(0, value.lastIndexOf('_')))))
    .optional(),
});
export type KanbanQuery = yup.InferType<typeof kanbanQuerySchema>;
