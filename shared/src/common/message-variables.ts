/**
 * The message variables: one list for every text the server sends for a company (an agent's
 * message, a quick message, a schedule, a campaign, a flow's block, a connection's or a queue's
 * greeting, farewell and out-of-hours texts) and for the pickers of their editors.
 *
 * Each variable is written `{{key}}` or `{key}`, under its key or one of its other spellings: the
 * family's clients type `{{name}}` and `{{ms}}` in quick messages and greetings and `{nome}` in
 * campaigns, and both keep working wherever they are typed. A token that names no variable stays
 * exactly as typed.
 */
export const MESSAGE_VARIABLES = [
  { key: 'name', aliases: ['nome'] },
  { key: 'firstName', aliases: ['primeiroNome'] },
  { key: 'userName', aliases: [] },
  { key: 'protocol', aliases: [] },
  { key: 'ticket', aliases: [] },
  { key: 'ms', aliases: [] },
  { key: 'hora', aliases: [] },
  { key: 'date', aliases: [] },
  { key: 'number', aliases: ['numero'] },
  { key: 'email', aliases: [] },
] as const satisfies readonly { key: string; aliases: readonly string[] }[];

export type MessageVariableKey = (typeof MESSAGE_VARIABLES)[number]['key'];

/** Every spelling (key or alias) and the variable it names. */
const SPELLINGS: ReadonlyMap<string, MessageVariableKey> = new Map(
  MESSAGE_VARIABLES.flatMap((variable) => [
    [variable.key, variable.key] as const,
    ...variable.aliases.map((alias) => [alias, variable.key] as const),
  ]),
);

/** Whether a name is one of the message variables' spellings (a flow answer of that name still wins). */
export function isMessageVariable(name: string): boolean {
  return SPELLINGS.has(name);
}

/** What a place knows when it sends: whatever it lacks fills its variables with nothing. */
export interface MessageVariableContext {
  contact?: { name?: string | null; number?: string | null; email?: string | null } | null;
  /** The agent who sends, or the ticket's agent for automatic texts. */
  userName?: string | null;
  ticketId?: number | null;
  now?: Date;
  /** The IANA zone of the greeting, the hour, the date and the protocol's day. */
  timeZone?: string;
  /**
   * The place's own variables, by the name they are written with: a campaign's settings
   * (`{cupom}`), a flow's saved answers (`{{pedido}}`). They win over a message variable of the same name.
   */
  custom?: Readonly<Record<string, string>> | readonly { key: string; value: string }[];
}

/** The greeting of an hour (0–23), for `{{ms}}`: the family's Portuguese wording. */
export function greetingOfHour(hour: number): string {
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The wall-clock formatter of each zone asked for ('' the runtime's own). Making one costs far more
 * than formatting with it, and a campaign fills thousands of messages in one zone.
 */
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(timeZone: string | undefined): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone ?? '');
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    clocks.set(timeZone ?? '', clock);
  }
  return clock;
}

/** The wall clock of `now` in `timeZone` (the runtime's own zone without one, or with a bad one). */
function wallClock(now: Date, timeZone: string | undefined) {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = clockOf(timeZone).formatToParts(now);
  } catch {
    return wallClock(now, undefined);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
  };
}

/** The value of each message variable in a context. */
export function messageVariableValues(ctx: MessageVariableContext): Record<MessageVariableKey, string> {
  const name = (ctx.contact?.name ?? '').trim();
  const clock = wallClock(ctx.now ?? new Date(), ctx.timeZone);
  const day = `${clock.year}${pad(clock.month)}${pad(clock.day)}`;
  return {
    name,
    firstName: name.split(/\s+/)[0] ?? '',
    userName: (ctx.userName ?? '').trim(),
    protocol: ctx.ticketId ? `${day}${ctx.ticketId}` : '',
    ticket: ctx.ticketId ? String(ctx.ticketId) : '',
    ms: greetingOfHour(clock.hour),
    hora: `${pad(clock.hour)}:${pad(clock.minute)}`,
    date: `${pad(clock.day)}/${pad(clock.month)}/${clock.year}`,
    number: ctx.contact?.number ?? '',
    email: ctx.contact?.email ?? '',
  };
}

/** `{{ key }}` (blanks inside allowed) or `{key}`; a double-brace token is never read as a single one. */
const TOKEN = /\{\{\s*([^{}\s]+)\s*\}\}|\{([^{}\s]+)\}/g;

function customMap(custom: MessageVariableContext['custom']): Map<string, string> {
  if (!custom) return new Map();
  if (Array.isArray(custom)) return new Map(custom.map((variable) => [variable.key, variable.value]));
  return new Map(Object.entries(custom));
}

/**
 * Fills the message variables (and the place's own, `custom`) in a text. Unknown tokens stay as
 * typed; values are put in once, so a name that itself looks like a token is not filled again.
 */
export function fillMessageVariables(text: string, ctx: MessageVariableContext): string {
  if (!text.includes('{')) return text;
  const custom = customMap(ctx.custom);
  let values: Record<MessageVariableKey, string> | null = null;
  return text.replace(TOKEN, (whole, double: string | undefined, single: string | undefined) => {
    const name = (double ?? single)!;
    const own = custom.get(name);
    if (own !== undefined) return own;
    const key = SPELLINGS.get(name);
    if (!key) return whole;
    values ??= messageVariableValues(ctx);
    return values[key];
  });
}
