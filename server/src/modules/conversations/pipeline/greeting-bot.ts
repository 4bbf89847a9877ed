import type { WeekdayEn, WeekdaySchedule } from '@atendo/shared';

/**
 * The greeting bot of a connection, as pure decisions: what a new ticket's first message gets
 * (greeting, queue menu or out-of-hours notice), and how the customer's answers to the menu are
 * read. The pipeline stores the decided state in the message's transaction and sends the texts
 * after the commit.
 */

export interface BotQueue {
  id: number;
  name: string;
  orderQueue: number | null;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: WeekdaySchedule[] | null;
}

export interface BotConnection {
  greetingMessage: string;
  outOfHoursMessage: string;
  /** Invalid answers to the menu before the bot gives up; 0 = never gives up. */
  maxUseBotQueues: number;
}

export interface BotSettings {
  scheduleType: string;
  sendGreetingMessageOneQueues: string;
}

/** What to store on the ticket and which texts (variables not filled yet) to send, in order. */
export interface BotStep {
  texts: string[];
  chatbot: boolean;
  /** The queue chosen from the menu, when one was. */
  queueId?: number;
  /** Invalid answers so far, when the answer was invalid. */
  attempts?: number;
  /**
   * The customer now stands in this queue within its hours: the queue's option menu, when it has
   * one, follows these texts (see option-menu.ts).
   */
  enters?: number;
}

const WEEKDAYS: WeekdayEn[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const filled = (...texts: (string | null | undefined)[]): string[] =>
  texts.filter((text): text is string => !!text?.trim());

/** Menu order: orderQueue first (queues without one last), then name. */
export function menuQueues<Q extends Pick<BotQueue, 'name' | 'orderQueue'>>(queues: Q[]): Q[] {
  return [...queues].sort(
    (a, b) =>
      (a.orderQueue ?? Number.MAX_SAFE_INTEGER) - (b.orderQueue ?? Number.MAX_SAFE_INTEGER) ||
      a.name.localeCompare(b.name),
  );
}

/** "*1* - Vendas\n*2* - Suporte", for queues already in menu order. */
export function menuOf(queues: Pick<BotQueue, 'name'>[]): string {
  return queues.map((queue, index) => `*${index + 1}* - ${queue.name}`).join('\n');
}

/** The option a customer picked: "1", " 2 ", "1." or "1 -" within 1..count, else null. */
export function choiceOf(body: string, count: number): number | null {
  const match = /^\s*(\d{1,3})\s*[.)-]?\s*$/.exec(body);
  if (!match) return null;
  const choice = Number(match[1]);
  return choice >= 1 && choice <= count ? choice : null;
}

const minutesOf = (hhmm: string): number | null => {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/**
 * Whether `now` falls within the schedule of its weekday, in the server's local time zone (the
 * hours are the company's wall-clock hours, and the server is expected to run in its zone). No
 * schedule at all means no business hours were set up: always open. A weekday missing from a
 * schedule, or with an empty start or end, is closed. An end before the start runs past midnight.
 */
export function isOpenAt(schedules: WeekdaySchedule[] | null | undefined, now: Date): boolean {
  if (!schedules?.length) return true;
  const today = schedules.find((s) => s.weekdayEn === WEEKDAYS[now.getDay()]);
  const start = today?.startTime ? minutesOf(today.startTime) : null;
  const end = today?.endTime ? minutesOf(today.endTime) : null;
  if (start === null || end === null) return false;
  const minute = now.getHours() * 60 + now.getMinutes();
  return start <= end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The message that opens the menu: the connection's greeting, then the numbered queues. */
export function menuMessage(connection: BotConnection, queues: BotQueue[]): string {
  return filled(connection.greetingMessage, menuOf(queues)).join('\n\n');
}

/** Whether a queue takes customers now: always, unless the company schedules by queue and it is closed. */
function queueOpen(queue: BotQueue, settings: BotSettings, now: Date): boolean {
  return settings.scheduleType !== 'queue' || isOpenAt(queue.schedules, now);
}

/**
 * A ticket was just created by a customer's message. `queues` in menu order; `companySchedules`
 * is read only when the schedule type is 'company'.
 */
export function newTicketStep(
  connection: BotConnection,
  queues: BotQueue[],
  settings: BotSettings,
  companySchedules: WeekdaySchedule[] | null,
  now: Date,
): BotStep {
  if (!queues.length) return { texts: [], chatbot: false };
  if (settings.scheduleType === 'company' && !isOpenAt(companySchedules, now)) {
    return { texts: filled(connection.outOfHoursMessage), chatbot: false };
  }
  if (queues.length === 1) {
    const [queue] = queues;
    if (!queueOpen(queue, settings, now)) return { texts: filled(queue.outOfHoursMessage), chatbot: false };
    if (settings.sendGreetingMessageOneQueues !== 'enabled') return { texts: [], chatbot: false, enters: queue.id };
    return { texts: filled(connection.greetingMessage, queue.greetingMessage), chatbot: false, enters: queue.id };
  }
  return { texts: [menuMessage(connection, queues)], chatbot: true };
}

/** The customer answered the menu (`attempts` invalid answers so far). */
export function choiceStep(
  connection: BotConnection,
  queues: BotQueue[],
  settings: BotSettings,
  body: string,
  attempts: number,
  now: Date,
): BotStep {
  const choice = choiceOf(body, queues.length);
  if (choice !== null) {
    const queue = queues[choice - 1];
    if (!queueOpen(queue, settings, now)) {
      return { texts: filled(queue.outOfHoursMessage), chatbot: false, queueId: queue.id, attempts };
    }
    return { texts: filled(queue.greetingMessage), chatbot: false, queueId: queue.id, attempts, enters: queue.id };
  }
  const used = attempts + 1;
  // The bot gives up: the ticket waits without a queue for whoever takes unassigned tickets.
  if (connection.maxUseBotQueues > 0 && used >= connection.maxUseBotQueues) {
    return { texts: [], chatbot: false, attempts: used };
  }
  return { texts: [menuOf(queues)], chatbot: true, attempts: used };
}
