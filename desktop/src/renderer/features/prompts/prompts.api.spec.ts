import { describe, expect, it } from '@jest/globals';
import type { Prompt, Queue } from '@atendo/shared';
import { createAppStore } from '../../app/store';
import { queuesApi } from '../queues/queues.api';
import { promptServesQueue } from './prompts.api';

const queueOf = (id: number, name: string, promptId: number | null): Queue => ({
  id,
  name,
  color: '#008B02',
  companyId: 1,
  greetingMessage: '',
  outOfHoursMessage: '',
  orderQueue: null,
  integrationId: null,
  promptId,
  schedules: [],
});

const promptOf = (id: number, queue: Queue): Prompt => ({
  id,
  companyId: 1,
  name: 'Assistente',
  prompt: 'Você é a assistente virtual da loja.',
  model: 'gpt-4o-mini',
  maxTokens: 100,
  temperature: 1,
  apiKey: '••••abcd',
  queueId: queue.id,
  queue: { id: queue.id, name: queue.name },
  maxMessages: 10,
  voice: 'texto',
  voiceKey: '',
  voiceRegion: '',
});

describe('a saved prompt in the queues cache', () => {
  it("names the prompt in its queue's field at once, in place of another, leaving the other queues as they are", async () => {
    const store = createAppStore();
    const sales = queueOf(1, 'Vendas', null);
    const support = queueOf(2, 'Suporte', 7);
    await store.dispatch(queuesApi.util.upsertQueryData('listQueues', undefined, [sales, support]));
    const fields = () =>
      queuesApi.endpoints.listQueues
        .select()(store.getState())
        .data?.map((q) => [q.name, q.promptId]);

    store.dispatch(promptServesQueue(promptOf(5, sales)));
    expect(fields()).toEqual([
      ['Vendas', 5],
      ['Suporte', 7],
    ]);
    store.dispatch(promptServesQueue(promptOf(9, support)));
    expect(fields()).toEqual([
      ['Vendas', 5],
      ['Suporte', 9],
    ]);
  });
});
