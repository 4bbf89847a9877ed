import { describe, expect, it } from '@jest/globals';
import type { WhatsappConnection } from '@atendo/shared';
import { hasConnectionWarning, mergeSession, sessionActions, upsertConnection } from './connection-status';

function connection(id: number, over: Partial<WhatsappConnection> = {}): WhatsappConnection {
  return {
    id,
    companyId: 1,
    name: `Conn ${id}`,
    status: 'CONNECTED',
    isDefault: false,
    qrcode: '',
    retries: 0,
    token: 't',
    provider: 'sandbox',
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    expiresInactiveMessage: '',
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    transferQueueId: null,
    timeToTransfer: null,
    promptId: null,
    integrationId: null,
    queues: [],
    schedules: [],
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...over,
  };
}

describe('sessionActions', () => {
  it('offers the buttons of spec §4 for each status', () => {
    expect(sessionActions('DISCONNECTED')).toEqual(['retry', 'newQr']);
    expect(sessionActions('qrcode')).toEqual(['showQr']);
    expect(sessionActions('OPENING')).toEqual(['connecting']);
    expect(sessionActions('PAIRING')).toEqual(['disconnect']);
    expect(sessionActions('TIMEOUT')).toEqual(['disconnect']);
    expect(sessionActions('CONNECTED')).toEqual(['disconnect']);
  });
});

describe('hasConnectionWarning', () => {
  it('warns when any connection is not connected', () => {
    expect(hasConnectionWarning([])).toBe(false);
    expect(hasConnectionWarning([{ status: 'CONNECTED' }])).toBe(false);
    for (const status of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const) {
      expect(hasConnectionWarning([{ status: 'CONNECTED' }, { status }])).toBe(true);
    }
  });
});

describe('live merges', () => {
  it('merges a session update into its row only', () => {
    const list = [connection(1), connection(2)];
    const next = mergeSession(list, {
      id: 2,
      status: 'qrcode',
      qrcode: 'QR',
      retries: 1,
      updatedAt: '2024-01-02T00:00:00.000Z',
    });
    expect(next[0]).toBe(list[0]);
    expect(next[1]).toMatchObject({ status: 'qrcode', qrcode: 'QR', retries: 1, name: 'Conn 2' });
  });

  it('keeps the node a session runs on through save events, and moves it with session events', () => {
    let list = [connection(1, { node: 'node-a' })];
    // A save event does not say where the session runs.
    list = upsertConnection(list, connection(1, { name: 'Renamed' }));
    expect(list[0]).toMatchObject({ name: 'Renamed', node: 'node-a' });
    const update = {
      id: 1,
      status: 'CONNECTED' as const,
      qrcode: '',
      retries: 0,
      updatedAt: '2024-01-02T00:00:00.000Z',
    };
    expect(mergeSession(list, update)[0].node).toBe('node-a');
    expect(mergeSession(list, { ...update, node: 'node-b' })[0].node).toBe('node-b');
    expect(mergeSession(list, { ...update, status: 'DISCONNECTED', node: null })[0].node).toBeNull();
  });

  it('inserts, replaces and keeps one default', () => {
    let list = [connection(1, { isDefault: true, name: 'B' })];
    list = upsertConnection(list, connection(2, { name: 'A', isDefault: true }));
    expect(list.map((c) => [c.name, c.isDefault])).toEqual([
      ['A', true],
      ['B', false],
    ]);
    list = upsertConnection(list, connection(2, { name: 'C' }));
    expect(list.map((c) => c.name)).toEqual(['B', 'C']);
  });
});
