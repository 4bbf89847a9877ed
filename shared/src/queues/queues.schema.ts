import * as yup from 'yup';
import { HEX_COLOR, INT_MAX, optionalId, tooLong, tooShort, V } from '../common/validation.js';
import { schedulesSchema } from '../companies/companies.schema.js';

export const queueSchema = yup.object({
  name: yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong),
  color: yup.string().trim().required(V.required).min(3, tooShort).max(9, tooLong).matches(HEX_COLOR, V.color),
  greetingMessage: yup.string().max(5000, tooLong).default(''),
  outOfHoursMessage: yup.string().max(5000, tooLong).default(''),
  orderQueue: yup
    .number()
    .transform((value: number, original: unknown) => (original === '' ? null : value))
    .typeError(V.number)
    .integer(V.integer)
    .min(0, V.min)
    .max(INT_MAX, V.max)
    .nullable()
    .default(null),
  integrationId: optionalId().default(null),
  promptId: optionalId().default(null),
  schedules: schedulesSchema,
});

/**
 * How deep a queue's option menu may nest (the top level is 1): a customer reading numbered menus
 * in a chat is lost well before that, and the bot walks the path on every answer.
 */
export const QUEUE_OPTION_MAX_DEPTH = 5;
/** Options one queue may hold, at every level together: the bot reads them all on each answer. */
export const QUEUE_OPTIONS_MAX = 100;

/** The existing clients send `null`, `""`, `0` or `-1` (the list's "top level") for a top-level option. */
const parentIdSchema = yup
  .number()
  .transform((value: number, original: unknown) =>
    original === '' || original === false || value === 0 || value === -1 ? null : value,
  )
  .typeError(V.number)
  .integer(V.integer)
  .positive(V.integer)
  .max(INT_MAX, V.max)
  .nullable();

/** An option's place in its level, from 1; beyond the last means "at the end". */
const optionNumberSchema = yup
  .number()
  .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
  .typeError(V.number)
  .integer(V.integer)
  .min(1, V.min)
  .max(INT_MAX, V.max);

const queueIdSchema = yup.number().typeError(V.number).integer(V.integer).positive(V.integer).max(INT_MAX, V.max);
const optionTitle = yup.string().trim().max(100, tooLong);
const optionMessage = yup.string().max(5000, tooLong);

/** POST /queue-options. Without `option` the new one goes at the end of its level. */
export const queueOptionSchema = yup.object({
  queueId: queueIdSchema.required(V.required),
  parentId: parentIdSchema.default(null),
  title: optionTitle.required(V.required),
  message: optionMessage.default(''),
  option: optionNumberSchema.optional(),
});

/**
 * PUT /queue-options/{id}: title, message and place in the level. An option stays in its queue and
 * level; `queueId` and `parentId`, which the existing clients send back with the rest, must match.
 */
export const queueOptionUpdateSchema = yup.object({
  queueId: queueIdSchema.optional(),
  parentId: parentIdSchema.optional(),
  // Left out, the title stays; sent, it may not be blank.
  title: optionTitle.matches(/\S/, V.required).optional(),
  message: optionMessage.optional(),
  option: optionNumberSchema.optional(),
});

/** GET /queue-options: a queue's options under `parentId`, -1 (or none) for its top level. */
export const queueOptionListQuerySchema = yup.object({
  queueId: queueIdSchema.required(V.required),
  parentId: yup.number().typeError(V.number).integer(V.integer).min(-1, V.min).max(INT_MAX, V.max).default(-1),
});

export type QueueOptionInput = yup.InferType<typeof queueOptionSchema>;
export type QueueOptionUpdate = yup.InferType<typeof queueOptionUpdateSchema>;
export type QueueOptionListQuery = yup.InferType<typeof queueOptionListQuerySchema>;
export type QueueInput = yup.InferType<typeof queueSchema>;
