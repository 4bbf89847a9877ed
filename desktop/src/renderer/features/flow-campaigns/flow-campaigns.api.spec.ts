import { describe, expect, it } from '@jest/globals';
import type { FlowCampaign, WhatsappConnection } from '@atendo/shared';
import { createAppStore } from '../../app/store';
import {
  applyConnectionToCampaigns,
  applyFlowCampaignEvent,
  applyFlowToCampaigns,
  flowCampaignsApi,
} from './flow-campaigns.api';
import { campaignOf } from './flow-campaigns.fixtures';

async function storeWith(campaigns: FlowCampaign[]) {
  const store = createAppStore();
  await store.dispatch(flowCampaignsApi.util.upsertQueryData('listFlowCampaigns', undefined, campaigns));
  const cached = () => flowCampaignsApi.endpoints.listFlowCampaigns.select()(store.getState()).data ?? [];
  return { store, cached };
}

describe('flow campaign events in the query cache', () => {
  it('merges a campaign by id: a new one in its place by name, a changed one where it is, a deleted one out', async () => {
    const { store, cached } = await storeWith([campaignOf(1, 'Black Friday'), campaignOf(2, 'Natal')]);
    store.dispatch(applyFlowCampaignEvent({ action: 'create', flowCampaign: campaignOf(3, 'Dia das mães') }));
    expect(cached().map((row) => row.name)).toEqual(['Black Friday', 'Dia das mães', 'Natal']);

    store.dispatch(
      applyFlowCampaignEvent({ action: 'update', flowCampaign: campaignOf(1, 'Black Friday', { status: false }) }),
    );
    expect(cached()[0]).toMatchObject({ id: 1, status: false });
    // Our own save and its live event both arrive: still one row.
    store.dispatch(applyFlowCampaignEvent({ action: 'create', flowCampaign: campaignOf(3, 'Dia das mães') }));
    expect(cached()).toHaveLength(3);

    store.dispatch(applyFlowCampaignEvent({ action: 'delete', flowCampaignId: 2 }));
    expect(cached().map((row) => row.id)).toEqual([1, 3]);
  });

  it("shows a renamed flow's new name, and drops the campaigns of a deleted flow", async () => {
    const other = { flowId: 11, flow: { id: 11, name: 'Suporte' } };
    const { store, cached } = await storeWith([campaignOf(1, 'A'), campaignOf(2, 'B', other)]);
    store.dispatch(
      applyFlowToCampaigns({
        action: 'update',
        flow: {
          id: 10,
          companyId: 1,
          name: 'Vendas 2026',
          active: true,
          version: 2,
          createdAt: '2026-11-01T10:00:00.000Z',
          updatedAt: '2026-11-02T10:00:00.000Z',
        },
      }),
    );
    expect(cached().map((row) => row.flow?.name)).toEqual(['Vendas 2026', 'Suporte']);

    store.dispatch(applyFlowToCampaigns({ action: 'delete', flowId: 11 }));
    expect(cached().map((row) => row.id)).toEqual([1]);
  });

  it("shows a renamed connection's new name, and drops the campaigns of a deleted connection", async () => {
    const { store, cached } = await storeWith([
      campaignOf(1, 'A'),
      campaignOf(2, 'B', { whatsappId: 21, whatsapp: null }),
    ]);
    // Only its id and name matter here.
    const renamed = { id: 20, name: 'Loja centro' } as WhatsappConnection;
    store.dispatch(applyConnectionToCampaigns({ action: 'update', whatsapp: renamed }));
    expect(cached()[0].whatsapp).toEqual({ id: 20, name: 'Loja centro' });

    store.dispatch(applyConnectionToCampaigns({ action: 'delete', whatsappId: 21 }));
    expect(cached().map((row) => row.id)).toEqual([1]);
  });
});
