import * as yup from 'yup';
import { INT_MAX, optionalId, requiredIdSchema, tooLong, tooShort, V } from '../common/validation.js';
import { FLOW_LIMITS, FLOW_NODE_TYPES, type FlowNodeType, type FlowWait } from './flows.types.js';

const interval = yup
  .number()
  .typeError(V.number)
  .moreThan(0, V.intervalRange)
  .max(FLOW_LIMITS.intervalMaxSeconds, V.intervalRange)
  .required(V.required);

/** Any plain object, its keys kept as sent. */
const plainObject = () =>
  yup
    .mixed<Record<string, unknown>>()
    .test(
      'object',
      V.invalid,
      (value) => value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value)),
    );

/** A node's place on the editor's canvas. */
const coordinate = yup.number().typeError(V.number).min(-INT_MAX, V.min).max(INT_MAX, V.max).required(V.required);

/** Words sent to the customer. */
const text = () => yup.string().typeError(V.invalid).trim().max(FLOW_LIMITS.textLength, tooLong);

/** A file the flow sends: a path under the company's media, as the uploads answer it. */
const mediaUrl = yup.string().typeError(V.invalid).trim().required(V.required).max(1_000, tooLong);

const integration = (shape: yup.ObjectShape) =>
  yup.object({ typebotIntegration: yup.object(shape).typeError(V.invalid).required(V.required) });

/** A content block's element: its kind, its value (text, seconds or a file) and its place. */
const element = yup.object({
  type: yup.string().oneOf(['message', 'interval', 'img', 'audio', 'video'], V.oneOf).required(V.required),
  value: yup
    .mixed<string | number>()
    .test('value', V.invalid, (value) => typeof value === 'string' || typeof value === 'number')
    .required(V.required),
  number: yup.string().typeError(V.invalid).required(V.required).max(100, tooLong),
  original: yup.string().typeError(V.invalid).max(1_000, tooLong),
  record: yup.boolean().typeError(V.invalid),
});

/** The data each node type carries; the editor, the save route and the server's executors share these. */
export const flowNodeDataSchemas: Record<FlowNodeType, yup.AnyObjectSchema> = {
  start: yup.object({ label: yup.string().typeError(V.invalid).max(100, tooLong).default('Inicio do fluxo') }),
  message: yup.object({ label: text().required(V.required) }),
  interval: yup.object({ sec: interval }),
  condition: yup.object({
    key: yup.string().typeError(V.invalid).required(V.required).max(100, tooLong),
    condition: yup.string().oneOf(['equals', 'contains', 'notEquals', 'notContains'], V.oneOf).required(V.required),
    value: yup.string().typeError(V.invalid).max(FLOW_LIMITS.textLength, tooLong).default(''),
  }),
  menu: yup.object({
    message: text().required(V.required),
    arrayOption: yup
      .array(
        yup.object({
          number: yup.number().typeError(V.number).integer(V.integer).min(1, V.min).max(99, V.max).required(V.required),
          value: yup.string().typeError(V.invalid).trim().required(V.required).max(200, tooLong),
        }),
      )
      .typeError(V.invalid)
      .min(1, V.atLeastOne)
      .max(FLOW_LIMITS.menuOptions, tooLong)
      .test('unique', V.taken, (options) => new Set(options?.map((o) => o.number)).size === (options?.length ?? 0))
      .required(V.required),
  }),
  img: yup.object({ url: mediaUrl }),
  audio: yup.object({ url: mediaUrl, record: yup.boolean().typeError(V.invalid).default(false) }),
  video: yup.object({ url: mediaUrl }),
  randomizer: yup.object({
    percent: yup.number().typeError(V.number).integer(V.integer).min(0, V.min).max(100, V.max).required(V.required),
  }),
  singleBlock: yup.object({
    seq: yup.array(yup.string().required()).typeError(V.invalid).max(FLOW_LIMITS.contentElements, tooLong).required(),
    elements: yup
      .array(element)
      .typeError(V.invalid)
      .min(1, V.atLeastOne)
      .max(FLOW_LIMITS.contentElements, tooLong)
      .required(V.required),
  }),
  ticket: yup.object({
    data: yup
      .object({ id: yup.number().integer().positive(V.queueRequired).max(INT_MAX, V.max).required(V.queueRequired) })
      .typeError(V.queueRequired)
      .required(V.queueRequired),
  }),
  // The bots are the company's own queue integrations and prompts, chosen by id: their secrets stay
  // sealed where they are kept (never copied into a flow, which the editor reads back whole).
  typebot: yup.object({ integrationId: optionalId().required(V.required) }),
  openai: yup.object({ promptId: optionalId().required(V.required) }),
  question: integration({
    message: text().required(V.required),
    answerKey: yup
      .string()
      .typeError(V.invalid)
      .trim()
      .required(V.required)
      .max(50, tooLong)
      .matches(/^[\p{L}\p{N}_]+$/u, V.invalid),
  }),
};

export const flowNameSchema = yup.object({
  name: yup.string().typeError(V.invalid).trim().required(V.required).min(2, tooShort).max(50, tooLong),
});

export const flowRenameSchema = flowNameSchema.shape({ flowId: requiredIdSchema });

export const flowIdSchema = yup.object({ flowId: requiredIdSchema });

export const flowNodeSchema = yup.object({
  id: yup
    .string()
    .typeError(V.invalid)
    .required(V.required)
    .max(64, tooLong)
    .matches(/^[A-Za-z0-9_-]+$/, V.invalid),
  type: yup.mixed<FlowNodeType>().oneOf(FLOW_NODE_TYPES, V.oneOf).required(V.required),
  position: yup.object({ x: coordinate, y: coordinate }).typeError(V.invalid).required(V.required),
  // Checked per type by validateFlowGraph; kept whole here (an object schema without fields would
  // strip every key of it).
  data: plainObject().required(V.required),
  style: plainObject(),
});

const handle = yup.string().typeError(V.invalid).max(64, tooLong).nullable();

export const flowEdgeSchema = yup.object({
  id: yup.string().typeError(V.invalid).required(V.required).max(200, tooLong),
  source: yup.string().typeError(V.invalid).required(V.required).max(64, tooLong),
  target: yup.string().typeError(V.invalid).required(V.required).max(64, tooLong),
  sourceHandle: handle,
  targetHandle: handle,
});

/** `POST /flowbuilder/flow`: the whole drawing; its graph is checked further by validateFlowGraph. */
export const flowSaveSchema = yup.object({
  idFlow: requiredIdSchema,
  nodes: yup.array(flowNodeSchema).typeError(V.invalid).max(FLOW_LIMITS.nodes, tooLong).required(V.required),
  connections: yup.array(flowEdgeSchema).typeError(V.invalid).max(FLOW_LIMITS.edges, tooLong).required(V.required),
});

export const flowCampaignSchema = yup.object({
  name: yup.string().typeError(V.invalid).trim().required(V.required).min(2, tooShort).max(100, tooLong),
  flowId: requiredIdSchema,
  whatsappId: requiredIdSchema,
  phrase: yup.string().typeError(V.invalid).trim().required(V.required).max(500, tooLong),
  status: yup.boolean().typeError(V.invalid).default(true),
});

export const flowCampaignUpdateSchema = flowCampaignSchema.shape({ id: requiredIdSchema });

/** Where a test stands, as the server answered it; the panel sends it back with the next words. */
const flowPositionSchema = yup
  .object({
    nodeId: yup.string().typeError(V.invalid).max(64, tooLong).nullable().defined(),
    waiting: yup
      .mixed<NonNullable<FlowWait>>()
      .oneOf(['menu', 'question', 'interval', 'bot'], V.oneOf)
      .nullable()
      .defined(),
    variables: plainObject()
      .test(
        'answers',
        V.invalid,
        (value) =>
          !value ||
          (Object.keys(value).length <= 100 &&
            Object.values(value).every((v) => typeof v === 'string' && v.length <= FLOW_LIMITS.textLength)),
      )
      .required(V.required),
    done: yup.boolean().typeError(V.invalid).required(V.required),
  })
  .typeError(V.invalid)
  .nullable()
  .default(null);

/** `POST /flowbuilder/test`: a draft, where its test stands and the tester's words. */
export const flowTestSchema = yup.object({
  nodes: flowSaveSchema.fields.nodes,
  connections: flowSaveSchema.fields.connections,
  position: flowPositionSchema,
  text: yup.string().typeError(V.invalid).max(FLOW_LIMITS.textLength, tooLong),
});
