import type { Id } from '../common/common.types.js';

export const PLAN_FEATURES = [
  'useCampaigns',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** Limits of 0 mean "no limit": a plan that allowed no user at all could never be used. */
export interface Plan extends Record<PlanFeature, boolean> {
  id: Id;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
}

export function withinLimit(limit: number, current: number): boolean {
  return limit <= 0 || current < limit;
}
