import type { WeekdaySchedule } from '@atendo/shared';
import {
  choiceOf,
  choiceStep,
  isOpenAt,
  menuOf,
  menuQueues,
  newTicketStep,
  type BotConnection,
  type BotQueue,
} from './greeting-bot.js';

const queue = (id: number, name: string, orderQueue: number | null, extra: Partial<BotQueue> = {}): BotQueue => ({
  id,
  name,
  orderQueue,
  greetingMessage: '',
  outOfHoursMessage: '',
  schedules: null,
  ...extra,
});
const connection: BotConnection = { greetingMessage: 'Olá!', outOfHoursMessage: 'Fechados', maxUseBotQueues: 3 };
const on = { scheduleType: 'disabled', sendGreetingMessageOneQueues: 'enabled' };
// A Wednesday, 10:30 local time.
const wednesday = new Date(2025, 0, 1, 10, 30);
const day = (weekdayEn: WeekdaySchedule['weekdayEn'], startTime: string, endTime: string): WeekdaySchedule => ({
  weekday: weekdayEn,
  weekdayEn,
  startTime,
  endTime,
});

describe('menu', () => {
  it('orders by orderQueue (unset last) then name and numbers the options', () => {
    const sorted = menuQueues([
      queue(1, 'Suporte', 2),
      queue(2, 'Vendas', 1),
      queue(3, 'Zeta', null),
      queue(4, 'Alfa', 2),
    ]);
    expect(sorted.map((q) => q.name)).toEqual(['Vendas', 'Alfa', 'Suporte', 'Zeta']);
    expect(menuOf(sorted.slice(0, 2))).toBe('*1* - Vendas\n*2* - Alfa');
  });

  it('reads a choice within range, with a trailing dot or dash', () => {
    expect(choiceOf('1', 2)).toBe(1);
    expect(choiceOf(' 2 ', 2)).toBe(2);
    expect(choiceOf('1.', 2)).toBe(1);
    expect(choiceOf('1 -', 2)).toBe(1);
    expect(choiceOf('3', 2)).toBeNull();
    expect(choiceOf('0', 2)).toBeNull();
    expect(choiceOf('1 vendas', 2)).toBeNull();
    expect(choiceOf('', 2)).toBeNull();
  });
});

describe('business hours', () => {
  it('is open without schedules, closed on a missing or empty day, open within the range', () => {
    expect(isOpenAt(null, wednesday)).toBe(true);
    expect(isOpenAt([], wednesday)).toBe(true);
    expect(isOpenAt([day('monday', '08:00', '18:00')], wednesday)).toBe(false);
    expect(isOpenAt([day('wednesday', '', '')], wednesday)).toBe(false);
    expect(isOpenAt([day('wednesday', '08:00', '18:00')], wednesday)).toBe(true);
    expect(isOpenAt([day('wednesday', '10:31', '18:00')], wednesday)).toBe(false);
    expect(isOpenAt([day('wednesday', '08:00', '10:30')], wednesday)).toBe(false);
    expect(isOpenAt([day('wednesday', '22:00', '11:00')], wednesday)).toBe(true);
  });
});

describe('new ticket', () => {
  it('does nothing without queues', () => {
    expect(newTicketStep(connection, [], on, null, wednesday)).toEqual({ texts: [], chatbot: false });
  });

  it('greets a single queue behind the setting', () => {
    const sales = queue(1, 'Vendas', null, { greetingMessage: 'Bem-vindo a Vendas' });
    expect(newTicketStep(connection, [sales], on, null, wednesday)).toEqual({
      texts: ['Olá!', 'Bem-vindo a Vendas'],
      chatbot: false,
      enters: 1,
    });
    const off = { ...on, sendGreetingMessageOneQueues: 'disabled' };
    // Without a greeting the customer still stands in the queue: its option menu may follow.
    expect(newTicketStep(connection, [sales], off, null, wednesday)).toEqual({ texts: [], chatbot: false, enters: 1 });
    expect(newTicketStep({ ...connection, greetingMessage: ' ' }, [sales], on, null, wednesday).texts).toEqual([
      'Bem-vindo a Vendas',
    ]);
  });

  it('offers the menu with more than one queue', () => {
    const queues = [queue(1, 'Vendas', 1), queue(2, 'Suporte', 2)];
    expect(newTicketStep(connection, queues, on, null, wednesday)).toEqual({
      texts: ['Olá!\n\n*1* - Vendas\n*2* - Suporte'],
      chatbot: true,
    });
  });

  it('answers out of the company hours instead of greeting', () => {
    const queues = [queue(1, 'Vendas', 1), queue(2, 'Suporte', 2)];
    const company = { ...on, scheduleType: 'company' };
    expect(newTicketStep(connection, queues, company, [day('wednesday', '12:00', '18:00')], wednesday)).toEqual({
      texts: ['Fechados'],
      chatbot: false,
    });
    expect(newTicketStep(connection, queues, company, [day('wednesday', '08:00', '18:00')], wednesday).chatbot).toBe(
      true,
    );
  });

  it('answers out of a single queue’s hours with the queue’s message', () => {
    const sales = queue(1, 'Vendas', null, {
      outOfHoursMessage: 'Vendas fechado',
      schedules: [day('monday', '08:00', '18:00')],
    });
    expect(newTicketStep(connection, [sales], { ...on, scheduleType: 'queue' }, null, wednesday)).toEqual({
      texts: ['Vendas fechado'],
      chatbot: false,
    });
  });
});

describe('menu answers', () => {
  const queues = [
    queue(1, 'Vendas', 1, { greetingMessage: 'Vendas aqui' }),
    queue(2, 'Suporte', 2, { outOfHoursMessage: 'Suporte fechado', schedules: [day('monday', '08:00', '18:00')] }),
  ];

  it('a valid choice takes the queue and greets', () => {
    expect(choiceStep(connection, queues, on, '1.', 0, wednesday)).toEqual({
      texts: ['Vendas aqui'],
      chatbot: false,
      queueId: 1,
      attempts: 0,
      enters: 1,
    });
    // A closed queue takes the ticket but offers no option menu.
    expect(choiceStep(connection, queues, { ...on, scheduleType: 'queue' }, '2', 1, wednesday)).toEqual({
      texts: ['Suporte fechado'],
      chatbot: false,
      queueId: 2,
      attempts: 1,
    });
  });

  it('an invalid one re-sends the menu until maxUseBotQueues, then stops', () => {
    expect(choiceStep(connection, queues, on, 'oi', 0, wednesday)).toEqual({
      texts: ['*1* - Vendas\n*2* - Suporte'],
      chatbot: true,
      attempts: 1,
    });
    expect(choiceStep(connection, queues, on, '9', 2, wednesday)).toEqual({ texts: [], chatbot: false, attempts: 3 });
    expect(choiceStep({ ...connection, maxUseBotQueues: 0 }, queues, on, 'x', 50, wednesday).chatbot).toBe(true);
  });
});
