import { childrenOf, type OptionNode } from '../../queues/option-tree.js';
import { choiceOf } from './greeting-bot.js';

/**
 * The queue's option menu, as pure decisions: once the customer stands in a queue that has
 * options, each of their answers either opens the next level, ends on a leaf (its message goes
 * out and the ticket waits in the queue for an agent), goes back, or repeats the level. The state
 * lives on the ticket (`queueOptionId`, `amountUsedBotQueues`, `botQueueAt`), so whichever server
 * process takes the next message continues from it.
 */

/** Where the customer stands. */
export interface MenuPosition {
  /** The option whose sub-options were offered last; null: the queue's top level. */
  optionId: number | null;
  /** Invalid answers so far, to the queue menu and this one alike. */
  attempts: number;
  /** When the queue's option menu began. */
  startedAt: Date | null;
}

/** The connection's bounds on the bot. */
export interface MenuBounds {
  /** Invalid answers before the bot gives up; 0: it never does. */
  maxUseBotQueues: number;
  /** Minutes the option menu lasts from its start; 0: no limit. */
  timeUseBotQueues: number;
}

export type MenuStep =
  /** Still in the menu: `optionId` is the level now on offer (null: the top). */
  | { kind: 'menu'; texts: string[]; optionId: number | null; attempts: number }
  /** The customer chose a leaf: its message goes out, and the bot is done. */
  | { kind: 'leaf'; texts: string[] }
  /** Back to the connection's queue menu: the customer may choose another queue. */
  | { kind: 'queues' }
  /** The bot stops without a word (a bound reached, or nothing left to offer): an agent takes over. */
  | { kind: 'done'; attempts: number };

/**
 * The ways back, in the product's home language like the rest of the bot's own words (the menus'
 * content is the company's): "0" one level up, "#" the first menu the customer saw.
 */
const BACK = { key: '0', line: '*0* - Voltar' };
const HOME = { key: '#', line: '*#* - Menu inicial' };

/**
 * A level as the customer reads it: "*1* - Internet", … then the ways back. Numbers follow the
 * order, so a level whose stored numbers had a gap still reads 1, 2, 3.
 */
export function levelMenu(level: OptionNode[], atTop: boolean, canLeaveQueue: boolean): string {
  const lines = level.map((option, index) => `*${index + 1}* - ${option.title}`);
  if (!atTop) lines.push(BACK.line, HOME.line);
  else if (canLeaveQueue) lines.push(BACK.line);
  return lines.join('\n');
}

/** The text that opens an option's level: its message above its sub-options. */
function openingOf(option: OptionNode, level: OptionNode[]): string {
  return [option.message.trim(), levelMenu(level, false, false)].filter(Boolean).join('\n\n');
}

/**
 * The customer arrived in a queue: the top level of its options, or null when it has none (the
 * ticket then simply waits for an agent). `canLeaveQueue`: the connection offers other queues, so
 * "0" leads back to their menu.
 */
export function enterMenu(options: OptionNode[], canLeaveQueue: boolean): string | null {
  const top = childrenOf(options, null);
  return top.length ? levelMenu(top, true, canLeaveQueue) : null;
}

const elapsed = (bounds: MenuBounds, at: MenuPosition, now: Date) =>
  bounds.timeUseBotQueues > 0 &&
  at.startedAt !== null &&
  now.getTime() - at.startedAt.getTime() >= bounds.timeUseBotQueues * 60_000;

/** The customer answered the level at `at` with `body` (a text message). */
export function menuAnswer(
  options: OptionNode[],
  at: MenuPosition,
  body: string,
  bounds: MenuBounds,
  canLeaveQueue: boolean,
  now: Date,
): MenuStep {
  const stop: MenuStep = { kind: 'done', attempts: at.attempts };
  // The bot's time in the queue is over: whatever was answered, an agent takes it from here.
  if (elapsed(bounds, at, now)) return stop;
  const top = childrenOf(options, null);
  if (!top.length) return stop;
  const restart: MenuStep = {
    kind: 'menu',
    texts: [levelMenu(top, true, canLeaveQueue)],
    optionId: null,
    attempts: at.attempts,
  };
  const current = at.optionId === null ? null : options.find((o) => o.id === at.optionId);
  const level = current ? childrenOf(options, current.id) : top;
  // The level the customer was reading was deleted or emptied meanwhile: the answer was to a menu
  // that is no more, so it is not read (nor counted); the menu starts over.
  if (current === undefined || !level.length) return restart;

  const answer = body.trim();
  if (answer === HOME.key || (answer === BACK.key && !current)) {
    return canLeaveQueue ? { kind: 'queues' } : restart;
  }
  if (answer === BACK.key && current) {
    const parent = current.parentId === null ? null : options.find((o) => o.id === current.parentId);
    if (!parent) return restart;
    return {
      kind: 'menu',
      texts: [openingOf(parent, childrenOf(options, parent.id))],
      optionId: parent.id,
      attempts: at.attempts,
    };
  }
  const choice = choiceOf(answer, level.length);
  if (choice !== null) {
    const picked = level[choice - 1];
    const below = childrenOf(options, picked.id);
    if (!below.length) {
      return { kind: 'leaf', texts: picked.message.trim() ? [picked.message] : [] };
    }
    return {
      kind: 'menu',
      texts: [openingOf(picked, below)],
      optionId: picked.id,
      attempts: at.attempts,
    };
  }
  const used = at.attempts + 1;
  if (bounds.maxUseBotQueues > 0 && used >= bounds.maxUseBotQueues) return { kind: 'done', attempts: used };
  return { kind: 'menu', texts: [levelMenu(level, !current, canLeaveQueue)], optionId: at.optionId, attempts: used };
}
