import { describe, expect, it } from '@jest/globals';
import { V } from '@atendo/shared';
import { format } from 'date-fns';
import {
  scheduleAttachmentProblem,
  scheduleFormValues,
  scheduleInput,
  sendAtOf,
  validateScheduleForm,
} from './schedule-form';

const tomorrow = () => {
  const at = new Date(Date.now() + 24 * 60 * 60 * 1000);
  at.setSeconds(0, 0);
  return at;
};
const valid = () => ({ ...scheduleFormValues(null, 7, tomorrow()), body: 'Lembrete da consulta' });

describe('the schedule form', () => {
  it('shows a new schedule at its time as dd/MM/yyyy and HH:mm', () => {
    expect(scheduleFormValues(null, 7, new Date(2026, 4, 3, 9, 5))).toEqual({
      contactId: 7,
      body: '',
      date: '03/05/2026',
      time: '09:05',
    });
  });

  it('reads the date and time where the user is, refusing impossible ones', () => {
    expect(sendAtOf({ date: '03/05/2026', time: '09:05' })).toEqual(new Date(2026, 4, 3, 9, 5));
    expect(sendAtOf({ date: '31/02/2026', time: '09:05' })).toBeNull();
    expect(sendAtOf({ date: '03/05/20', time: '09:05' })).toBeNull();
    expect(sendAtOf({ date: '03/05/2026', time: '24:00' })).toBeNull();
  });

  it('asks nothing more of a complete schedule, and sends its moment as an ISO instant', async () => {
    const values = valid();
    expect(await validateScheduleForm(values)).toEqual({});
    expect(scheduleInput({ ...values, body: '  Olá, tudo bem?  ' }, { ticketId: 3, whatsappId: null })).toEqual({
      body: 'Olá, tudo bem?',
      contactId: 7,
      sendAt: tomorrow().toISOString(),
      ticketId: 3,
      whatsappId: null,
    });
  });

  it("uses the shared schema's messages: required contact, message of 5 characters", async () => {
    const errors = await validateScheduleForm({ ...valid(), contactId: null, body: 'Oi' });
    expect(errors.contactId).toBe(V.required);
    expect(errors.body).toEqual({ key: V.tooShort, params: { min: 5 } });
  });

  it('refuses a moment in the past under the date, and an unfinished date or time under itself', async () => {
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const past = { ...valid(), date: format(yesterday, 'dd/MM/yyyy'), time: format(yesterday, 'HH:mm') };
    expect(await validateScheduleForm(past)).toEqual({ date: V.future });
    expect(await validateScheduleForm({ ...valid(), date: '12/1' })).toEqual({ date: V.date });
    expect(await validateScheduleForm({ ...valid(), time: '9:' })).toEqual({ time: V.time });
    expect(scheduleInput({ ...valid(), time: '9:' }, { ticketId: null, whatsappId: null })).toBeNull();
  });

  it('takes .png, .jpg and .jpeg images up to 5 MB', () => {
    const file = (name: string, size: number) => new File([new Uint8Array(size)], name);
    expect(scheduleAttachmentProblem(file('foto.JPG', 10))).toBeNull();
    expect(scheduleAttachmentProblem(file('foto.jpeg', 10))).toBeNull();
    expect(scheduleAttachmentProblem(file('doc.pdf', 10))).toBe(V.fileType);
    expect(scheduleAttachmentProblem(file('big.png', 5 * 1024 * 1024 + 1))).toEqual({
      key: V.fileTooLarge,
      params: { max: 5 },
    });
    expect(scheduleAttachmentProblem(file('empty.png', 0))).toBe(V.required);
  });
});
