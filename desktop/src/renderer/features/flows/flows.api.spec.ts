import { describe, expect, it } from '@jest/globals';
import type { Flow } from '@atendo/shared';
import { createAppStore } from '../../app/store';
import { applyFlowEvent, flowsApi, type FlowsPage } from './flows.api';
import { flowOf } from './flows.fixtures';

const page = (flows: Flow[], hasMore = false): FlowsPage => ({ flows, count: flows.length, hasMore });

/** A store holding the flows of two searches: every flow, and those named like "vendas". */
async function storeWithFlows() {
  const store = createAppStore();
  await store.dispatch(
    flowsApi.util.upsertQueryData('pageFlows', '', {
      pages: [page([flowOf(1, 'Boas-vindas'), flowOf(2, 'Vendas')])],
      pageParams: [1],
    }),
  );
  await store.dispatch(
    flowsApi.util.upsertQueryData('pageFlows', 'vendas', { pages: [page([flowOf(2, 'Vendas')])], pageParams: [1] }),
  );
  const cached = (search: string) => flowsApi.endpoints.pageFlows.select(search)(store.getState()).data?.pages[0];
  const names = (search: string) => cached(search)?.flows.map((row) => row.name);
  return { store, cached, names };
}

describe('flow events in the query cache', () => {
  it('puts a new flow in its place by name in the searches it matches, and counts it', async () => {
    const { store, cached, names } = await storeWithFlows();
    store.dispatch(applyFlowEvent({ action: 'create', flow: flowOf(3, 'Pós-venda') }));
    expect(names('')).toEqual(['Boas-vindas', 'Pós-venda', 'Vendas']);
    expect(cached('')?.count).toBe(3);
    expect(names('vendas')).toEqual(['Vendas']);

    store.dispatch(applyFlowEvent({ action: 'create', flow: flowOf(4, 'Vendas de natal') }));
    expect(names('vendas')).toEqual(['Vendas', 'Vendas de natal']);
  });

  it('replaces a renamed or published flow where it is, and takes a deleted one out', async () => {
    const { store, cached, names } = await storeWithFlows();
    store.dispatch(applyFlowEvent({ action: 'update', flow: flowOf(2, 'Vendas', { active: true, version: 3 }) }));
    expect(cached('')?.flows[1]).toMatchObject({ id: 2, active: true, version: 3 });
    expect(cached('vendas')?.flows[0]).toMatchObject({ id: 2, active: true, version: 3 });

    store.dispatch(applyFlowEvent({ action: 'delete', flowId: 2 }));
    expect(names('')).toEqual(['Boas-vindas']);
    expect(names('vendas')).toEqual([]);
    expect(cached('')?.count).toBe(1);
  });

  it('adds nothing twice when our own save and its live event both arrive', async () => {
    const { store, names } = await storeWithFlows();
    const copy = flowOf(5, 'Boas-vindas (cópia)');
    store.dispatch(applyFlowEvent({ action: 'create', flow: copy }));
    store.dispatch(applyFlowEvent({ action: 'create', flow: copy }));
    expect(names('')).toEqual(['Boas-vindas', 'Boas-vindas (cópia)', 'Vendas']);
  });
});
