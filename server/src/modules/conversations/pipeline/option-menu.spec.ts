import type { OptionNode } from '../../queues/option-tree.js';
import { enterMenu, levelMenu, menuAnswer, type MenuBounds, type MenuPosition } from './option-menu.js';

const node = (id: number, parentId: number | null, option: number, title: string, message = ''): OptionNode => ({
  id,
  parentId,
  option,
  title,
  message,
});

/**
 * Suporte's menu: 1 Internet (2 levels below), 2 Telefone (a leaf), 3 Horários (a leaf without a
 * message). Rows come in any order, as the database returns them.
 */
const options = [
  node(12, 10, 2, 'Lenta', 'Reinicie o modem e aguarde.'),
  node(10, null, 1, 'Internet', 'Qual o problema com a internet?'),
  node(20, null, 2, 'Telefone', 'Ligue 0800 000 0000.'),
  node(11, 10, 1, 'Sem sinal', 'Verifique os cabos.'),
  node(30, null, 3, 'Horários'),
  node(111, 11, 1, 'Na fibra', 'Um técnico vai te chamar.'),
];

const TOP = '*1* - Internet\n*2* - Telefone\n*3* - Horários';
const TOP_WITH_BACK = `${TOP}\n*0* - Voltar`;
const INTERNET = 'Qual o problema com a internet?\n\n*1* - Sem sinal\n*2* - Lenta\n*0* - Voltar\n*#* - Menu inicial';

const bounds: MenuBounds = { maxUseBotQueues: 3, timeUseBotQueues: 0 };
const now = new Date(2025, 0, 1, 10, 30);
const at = (optionId: number | null, attempts = 0, startedAt: Date | null = now): MenuPosition => ({
  optionId,
  attempts,
  startedAt,
});

describe('entering a queue', () => {
  it('offers the top level, in option order, with a way back only when there are other queues', () => {
    expect(enterMenu(options, false)).toBe(TOP);
    expect(enterMenu(options, true)).toBe(TOP_WITH_BACK);
  });

  it('offers nothing when the queue has no options', () => {
    expect(enterMenu([], true)).toBeNull();
    // Orphans (their parent gone) are no top level.
    expect(enterMenu([node(5, 99, 1, 'Órfã')], true)).toBeNull();
  });

  it('numbers a level by its order even when the stored numbers have a gap', () => {
    expect(levelMenu([node(1, null, 2, 'A'), node(2, null, 7, 'B')], true, false)).toBe('*1* - A\n*2* - B');
  });
});

describe('answers', () => {
  it('a choice with sub-options opens them under its message', () => {
    expect(menuAnswer(options, at(null), '1', bounds, true, now)).toEqual({
      kind: 'menu',
      texts: [INTERNET],
      optionId: 10,
      attempts: 0,
    });
    // Two levels down, the same way.
    expect(menuAnswer(options, at(10), ' 1. ', bounds, true, now)).toEqual({
      kind: 'menu',
      texts: ['Verifique os cabos.\n\n*1* - Na fibra\n*0* - Voltar\n*#* - Menu inicial'],
      optionId: 11,
      attempts: 0,
    });
  });

  it('a leaf sends its message and ends the bot', () => {
    expect(menuAnswer(options, at(null), '2', bounds, true, now)).toEqual({
      kind: 'leaf',
      texts: ['Ligue 0800 000 0000.'],
    });
    expect(menuAnswer(options, at(11), '1', bounds, true, now)).toEqual({
      kind: 'leaf',
      texts: ['Um técnico vai te chamar.'],
    });
    // A leaf without a message ends the bot silently: an agent takes it from there.
    expect(menuAnswer(options, at(null), '3', bounds, true, now)).toEqual({ kind: 'leaf', texts: [] });
  });

  it('"0" goes up one level; at the top, back to the queue menu when there is one', () => {
    expect(menuAnswer(options, at(11, 1), '0', bounds, true, now)).toEqual({
      kind: 'menu',
      texts: [INTERNET],
      optionId: 10,
      attempts: 1,
    });
    expect(menuAnswer(options, at(10, 1), '0', bounds, true, now)).toEqual({
      kind: 'menu',
      texts: [TOP_WITH_BACK],
      optionId: null,
      attempts: 1,
    });
    expect(menuAnswer(options, at(null), '0', bounds, true, now)).toEqual({ kind: 'queues' });
    // A single-queue connection has nothing above the top level: it is offered again, no attempt used.
    expect(menuAnswer(options, at(null, 2), ' 0 ', bounds, false, now)).toEqual({
      kind: 'menu',
      texts: [TOP],
      optionId: null,
      attempts: 2,
    });
  });

  it('"#" goes back to the first menu: the queue menu, or the top level of a single queue', () => {
    expect(menuAnswer(options, at(11), '#', bounds, true, now)).toEqual({ kind: 'queues' });
    expect(menuAnswer(options, at(11), '#', bounds, false, now)).toEqual({
      kind: 'menu',
      texts: [TOP],
      optionId: null,
      attempts: 0,
    });
  });

  it('an invalid answer repeats the level (its list, not its message) and counts', () => {
    for (const body of ['oi', '3', '1 internet', '']) {
      expect(menuAnswer(options, at(10, 0), body, bounds, true, now)).toEqual({
        kind: 'menu',
        texts: ['*1* - Sem sinal\n*2* - Lenta\n*0* - Voltar\n*#* - Menu inicial'],
        optionId: 10,
        attempts: 1,
      });
    }
    expect(menuAnswer(options, at(null, 1), '9', bounds, true, now)).toEqual({
      kind: 'menu',
      texts: [TOP_WITH_BACK],
      optionId: null,
      attempts: 2,
    });
  });
});

describe('bounds', () => {
  it('gives up at maxUseBotQueues invalid answers (counted with the queue menu’s), never with 0', () => {
    expect(menuAnswer(options, at(10, 2), 'x', bounds, true, now)).toEqual({ kind: 'done', attempts: 3 });
    expect(menuAnswer(options, at(10, 40), 'x', { ...bounds, maxUseBotQueues: 0 }, true, now)).toMatchObject({
      kind: 'menu',
      attempts: 41,
    });
    // A valid answer at the last attempt still counts as valid.
    expect(menuAnswer(options, at(null, 2), '1', bounds, true, now)).toMatchObject({ kind: 'menu', optionId: 10 });
  });

  it('stops once timeUseBotQueues minutes have passed since the menu began, never with 0', () => {
    const began = new Date(now.getTime() - 5 * 60_000);
    const timed = { ...bounds, timeUseBotQueues: 5 };
    expect(menuAnswer(options, at(null, 1, began), '1', timed, true, now)).toEqual({ kind: 'done', attempts: 1 });
    const almost = new Date(now.getTime() - 5 * 60_000 + 1);
    expect(menuAnswer(options, at(null, 0, almost), '1', timed, true, now)).toMatchObject({ kind: 'menu' });
    expect(menuAnswer(options, at(null, 0, began), '1', bounds, true, now)).toMatchObject({ kind: 'menu' });
  });
});

describe('the menu changed while the customer was in it', () => {
  it('the option they stood in was deleted: the menu starts over, the answer neither read nor counted', () => {
    const withoutInternet = options.filter((o) => ![10, 11, 12, 111].includes(o.id));
    expect(menuAnswer(withoutInternet, at(11, 1), '1', bounds, true, now)).toEqual({
      kind: 'menu',
      texts: ['*1* - Telefone\n*2* - Horários\n*0* - Voltar'],
      optionId: null,
      attempts: 1,
    });
  });

  it('its sub-options were all deleted: the same', () => {
    const emptied = options.filter((o) => o.parentId !== 10);
    expect(menuAnswer(emptied, at(10), '2', bounds, false, now)).toEqual({
      kind: 'menu',
      texts: [TOP],
      optionId: null,
      attempts: 0,
    });
  });

  it('the queue has no options left: the bot stops', () => {
    expect(menuAnswer([], at(10, 1), '1', bounds, true, now)).toEqual({ kind: 'done', attempts: 1 });
  });
});
