import * as yup from 'yup';
import { INT_MAX, MONEY_MAX, tooLong, tooShort, V } from '../common/validation.js';

const limit = yup.number().typeError(V.number).integer(V.integer).min(0, V.min).max(INT_MAX, V.max).default(0);
const flag = yup.boolean().default(true);

/** Form defaults: 0 for the limits and the value, every feature on. */
export const planSchema = yup.object({
  name: yup.string().trim().required(V.required).min(2, tooShort).max(50, tooLong),
  users: limit,
  connections: limit,
  queues: limit,
  value: yup.number().typeError(V.number).min(0, V.min).max(MONEY_MAX, V.max).default(0),
  useCampaigns: flag,
  useKanban: flag,
  useOpenAi: flag,
  useIntegrations: flag,
  useSchedules: flag,
  useInternalChat: flag,
  useExternalApi: flag,
});

export type PlanInput = yup.InferType<typeof planSchema>;
