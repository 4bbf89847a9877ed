import { describe, expect, it } from '@jest/globals';
import type { Schedule } from '@atendo/shared';
import { createAppStore } from '../../app/store';
import { rangeArgs } from './schedule-calendar';
import { applyScheduleEvent, schedulesApi } from './schedules.api';

const day = (date: number, hour = 0) => new Date(2026, 4, date, hour);

function schedule(id: number, sendAt: Date, over: Partial<Schedule> = {}): Schedule {
  return {
    id,
    companyId: 1,
    contactId: 5,
    contact: { id: 5, name: 'Maria', number: '5511999990000' },
    userId: 1,
    user: { id: 1, name: 'Ana' },
    whatsappId: null,
    ticketId: null,
    ticket: null,
    body: 'Lembrete da consulta',
    sendAt: sendAt.toISOString(),
    sentAt: null,
    status: 'PENDENTE',
    error: null,
    mediaPath: null,
    mediaName: null,
    createdAt: day(1).toISOString(),
    updatedAt: day(1).toISOString(),
    ...over,
  };
}

describe('schedule events in the query cache', () => {
  it('moves a schedule between the cached ranges and keeps its open copy current', async () => {
    const store = createAppStore();
    const monday = rangeArgs({ start: day(11), end: day(12) }, '');
    const tuesday = rangeArgs({ start: day(12), end: day(13) }, '');
    const searched = rangeArgs({ start: day(11), end: day(12) }, 'joão');
    const first = schedule(1, day(11, 9));
    await store.dispatch(
      schedulesApi.util.upsertQueryData('listSchedules', monday, { schedules: [first], count: 1, hasMore: false }),
    );
    await store.dispatch(
      schedulesApi.util.upsertQueryData('listSchedules', tuesday, { schedules: [], count: 0, hasMore: false }),
    );
    await store.dispatch(
      schedulesApi.util.upsertQueryData('listSchedules', searched, { schedules: [], count: 0, hasMore: false }),
    );
    await store.dispatch(schedulesApi.util.upsertQueryData('getSchedule', 1, first));
    const cached = (range: typeof monday) =>
      schedulesApi.endpoints.listSchedules
        .select(range)(store.getState())
        .data?.schedules.map((row) => row.id);

    store.dispatch(applyScheduleEvent({ action: 'update', schedule: schedule(1, day(12, 10)) }));
    expect(cached(monday)).toEqual([]);
    expect(cached(tuesday)).toEqual([1]);
    expect(cached(searched)).toEqual([]);

    const failed = schedule(1, day(12, 10), { status: 'ERRO', error: 'ERR_WAPP_INVALID_CONTACT' });
    store.dispatch(applyScheduleEvent({ action: 'update', schedule: failed }));
    expect(schedulesApi.endpoints.getSchedule.select(1)(store.getState()).data?.status).toBe('ERRO');

    store.dispatch(applyScheduleEvent({ action: 'create', schedule: schedule(2, day(11, 8)) }));
    expect(cached(monday)).toEqual([2]);

    store.dispatch(applyScheduleEvent({ action: 'delete', scheduleId: 1 }));
    expect(cached(tuesday)).toEqual([]);
    expect(schedulesApi.endpoints.listSchedules.select(tuesday)(store.getState()).data?.count).toBe(0);
  });
});
