import type { FlowCampaign } from '@atendo/shared';

/** A phrase campaign as the server answers it (flow 10 "Vendas", connection 20 "Loja"), for its tests. */
export function campaignOf(id: number, name: string, changes: Partial<FlowCampaign> = {}): FlowCampaign {
  return {
    id,
    companyId: 1,
    name,
    flowId: 10,
    whatsappId: 20,
    phrase: 'quero comprar',
    status: true,
    flow: { id: 10, name: 'Vendas' },
    whatsapp: { id: 20, name: 'Loja' },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...changes,
  };
}
