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

/**
 * The paths of each feature area, on the server (API routes) and in the app (pages): a company
 * whose plan lacks the flag gets ERR_NO_PERMISSION from every route under them and no menu entry
 * for them. Listed in one place so an area's new routes and pages cannot forget the gate (the
 * server's route test checks every route under these paths carries the matching @RequirePlan).
 */
export const PLAN_FEATURE_PATHS: Record<PlanFeature, readonly string[]> = {
  useCampaigns: [
    '/campaigns',
    '/campaign',
    '/campaign-settings',
    '/campaigns-config',
    '/contact-lists',
    '/contact-list-items',
  ],
  useKanban: ['/kanban', '/tags/kanban', '/ticket/kanban', '/ticket-tags'],
  useOpenAi: ['/prompt', '/prompts'],
  useIntegrations: ['/queueIntegration', '/queue-integration'],
  useSchedules: ['/schedules'],
  useInternalChat: ['/chats'],
  useExternalApi: ['/api/messages', '/messages-api'],
};

/** The plan feature a path belongs to, matching whole segments ('/chats/7' yes, '/chatsx' no). */
export function featureOfPath(path: string): PlanFeature | null {
  const clean = `/${path.split(/[?#]/)[0].replace(/^\/+|\/+$/g, '')}`;
  for (const feature of PLAN_FEATURES) {
    for (const prefix of PLAN_FEATURE_PATHS[feature]) {
      if (clean === prefix || clean.startsWith(`${prefix}/`)) return feature;
    }
  }
  return null;
}
