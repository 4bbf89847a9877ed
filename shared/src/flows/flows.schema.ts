import * as yup from 'yup';
import { INT_MAX, requiredIdSchema, tooLong, tooShort, V } from '../common/validation.js';
import { FLOW_LIMITS, FLOW_NODE_TYPES, type FlowNodeType } from './flows.types.js';

const interval = yup
  .number()
  .typeError(V.number)
  .moreThan(0, V.intervalRange)
  .max(FLOW_LIMITS.intervalMaxSeconds, V.intervalRange)
  .required(V.required);

/** A node's place on the editor's canvas. */
const coordinate = yup.number().min(-INT_MAX, V.min).max(INT_MAX, V.max).required();

const integration = (shape: yup.ObjectShape) => yup.object({ typebotIntegration: yup.object(shape).required() });

/** The data each node type carries; the editor and the server's executor share these. */
export const flowNodeDataSchemas: Record<FlowNodeType, yup.AnyObjectSchema> = {
  start: yup.object({ label: yup.string().default('Inicio do fluxo') }),
  message: yup.object({ label: yup.string().trim().required(V.required) }),
  interval: yup.object({ sec: interval }),
  condition: yup.object({
    key: yup.string().required(V.required),
    condition: yup.string().required(V.required),
    value: yup.string().default(''),
  }),
  menu: yup.object({
    message: yup.string().trim().required(V.required),
    arrayOption: yup
      .array(
        yup.object({
          number: yup.number().integer(V.integer).min(0, V.min).max(INT_MAX, V.max).required(),
          value: yup.string().required(V.required),
        }),
      )
      .min(1, V.atLeastOne)
      .required(),
  }),
  img: yup.object({ url: yup.string().required(V.required) }),
  audio: yup.object({ url: yup.string().required(V.required), record: yup.boolean().default(false) }),
  video: yup.object({ url: yup.string().required(V.required) }),
  randomizer: yup.object({ percent: yup.number().min(0, V.min).max(100, V.max).required(V.required) }),
  singleBlock: yup.object({
    seq: yup.array(yup.string().required()).required(),
    elements: yup
      .array(yup.object({ type: yup.string().required(), value: yup.mixed(), number: yup.string().required() }))
      .required(),
  }),
  ticket: yup.object({
    data: yup
      .object({ id: yup.number().integer().positive(V.queueRequired).max(INT_MAX, V.max).required(V.queueRequired) })
      .required(V.queueRequired),
  }),
  typebot: integration({ name: yup.string().required(V.required) }),
  openai: integration({
    name: yup.string().trim().required(V.required),
    apiKey: yup.string().trim().required(V.required),
    prompt: yup.string().trim().required(V.required),
    voice: yup.string().default('texto'),
    voiceKey: yup.string().default(''),
    voiceRegion: yup.string().default(''),
    temperature: yup.number().min(0, V.min).max(2, V.max).default(1),
    maxTokens: yup.number().min(0, V.min).max(INT_MAX, V.max).default(100),
    maxMessages: yup.number().min(0, V.min).max(INT_MAX, V.max).default(10),
  }),
  question: integration({
    message: yup.string().trim().required(V.required),
    answerKey: yup.string().trim().required(V.required),
  }),
};

export const flowNameSchema = yup.object({
  name: yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong),
});

export const flowNodeSchema = yup.object({
  id: yup.string().required(),
  type: yup.mixed<FlowNodeType>().oneOf(FLOW_NODE_TYPES, V.oneOf).required(),
  position: yup.object({ x: coordinate, y: coordinate }).required(),
  data: yup.object().required(),
});

export const flowCampaignSchema = yup.object({
  name: yup.string().trim().required(V.required).max(100, tooLong),
  flowId: requiredIdSchema,
  whatsappId: requiredIdSchema,
  phrase: yup.string().trim().required(V.required).max(500, tooLong),
  status: yup.boolean().default(true),
});
