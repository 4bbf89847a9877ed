import type { Plan } from '@atendo/shared';
import type { PlanEntity } from './entities/plan.entity.js';

export function toPlan(p: PlanEntity): Plan {
  return {
    id: p.id,
    name: p.name,
    users: p.users,
    connections: p.connections,
    queues: p.queues,
    value: Number(p.value),
    useCampaigns: !!p.useCampaigns,
    useKanban: !!p.useKanban,
    useOpenAi: !!p.useOpenAi,
    useIntegrations: !!p.useIntegrations,
    useSchedules: !!p.useSchedules,
    useInternalChat: !!p.useInternalChat,
    useExternalApi: !!p.useExternalApi,
  };
}
