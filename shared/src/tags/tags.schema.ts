import * as yup from 'yup';
import { HEX_COLOR, INT_MAX, tooLong, tooShort, V } from '../common/validation.js';

export const tagSchema = yup.object({
  name: yup.string().trim().required(V.required).min(3, tooShort).max(50, tooLong),
  color: yup.string().trim().matches(HEX_COLOR, V.color).default('#A4CCCC'),
  kanban: yup.number().oneOf([0, 1], V.oneOf).default(0),
});
export type TagInput = yup.InferType<typeof tagSchema>;

const laneId = yup.number().typeError(V.integer).integer(V.integer).positive(V.integer).max(INT_MAX, V.max);

/**
 * PUT /tags/kanban/order: the lanes in the order the board shows them, each once. Lanes left out
 * (made since the board was loaded) follow in their own order.
 */
export const tagOrderSchema = yup.object({
  tagIds: yup
    .array(laneId.required(V.required))
    .required(V.required)
    .min(1, V.required)
    .max(500, V.max)
    .test('unique', V.oneOf, (ids) => !ids || new Set(ids).size === ids.length),
});
export type TagOrderInput = yup.InferType<typeof tagOrderSchema>;
