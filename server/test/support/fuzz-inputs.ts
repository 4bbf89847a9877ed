import { createHash } from 'node:crypto';
import { ERROR_CODES, INT_MAX } from '@atendo/shared';
import fc from 'fast-check';
import { ValidationError, type AnySchema, type SchemaDescription, type SchemaFieldDescription } from 'yup';

/** Values a form field should never make the server fail on: wrong types, edges, hostile text. */
export const FIELD_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  INT_MAX + 1,
  -INT_MAX - 2,
  2 ** 53 + 2,
  1e308,
  '',
  ' ',
  '2147483648',
  'x'.repeat(70_000),
  // 65,536 bytes of 4-byte characters: within a 65,536-character cap, past what a MariaDB TEXT holds.
  '😀'.repeat(16_384),
  // Every part out of range: a date parser that rolls over makes it year 10007, past a DATETIME.
  '9999-99-99T99:99:99Z',
  "ção 日本語 😀 \u202e\u200b \u0000 % %zz ' OR 1=1 -- __proto__",
  '\ud800',
  [],
  [1, 2],
  ['a'],
  [null],
  {},
  { a: 1 },
  { constructor: 1 },
  nested(30),
];

/** Path parameter values (already in URL form): ids out of range, not numbers, broken escapes. */
export const PATH_VALUES: readonly string[] = [
  '0',
  '-1',
  '2147483648',
  '9999999999',
  '99999999999999999999',
  '1.5',
  '1e3',
  '0x10',
  'abc',
  'null',
  'constructor',
  '__proto__',
  encodeURIComponent('ção 😀'),
  '%00',
  '%25',
  '%',
  '%zz',
  '%ff%fe',
  'x'.repeat(3000),
  encodeURIComponent('[1,2]'),
];

/** Query parameter values (already in URL form). */
export const QUERY_VALUES: readonly string[] = [
  '',
  '-1',
  '2147483648',
  '1e308',
  'abc',
  '%00',
  encodeURIComponent('ção 😀'),
  'x'.repeat(3000),
  encodeURIComponent('[1,2]'),
  encodeURIComponent('{"a":1}'),
  encodeURIComponent('[[[[1]]]]'),
  'null',
  '%',
  '%zz',
];

/** Query strings whose keys themselves are hostile. */
export const QUERY_KEYS: readonly string[] = [
  'constructor=1',
  '__proto__=1',
  'toString=x',
  'hasOwnProperty=1&valueOf=2',
  'a[b]=1',
  'x=1&'.repeat(2000),
];

/** `depth` arrays nested in one another. */
export function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

export interface RawBody {
  label: string;
  contentType?: string;
  payload: string | Buffer;
}

const json = (label: string, payload: string | Buffer): RawBody => ({
  label,
  contentType: 'application/json',
  payload,
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with these text fields and files, under boundary `b`. */
function multipart(fields: [string, string][], files: [string, string, Buffer][], b = 'fuzzboundary'): Buffer {
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const [name, filename, data] of files) {
    parts.push(
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  }
  return Buffer.concat([...parts, Buffer.from(`--${b}--\r\n`)]);
}

const MULTIPART = 'multipart/form-data; boundary=fuzzboundary';
const FILE_FIELDS = ['file', 'medias', 'attachment'];

/** Whole bodies that do not depend on the route: not an object, malformed, poisoned, other encodings. */
const FIXED_BODIES: readonly RawBody[] = [
  ...['null', '"x"', '123', 'true', '[]', '[{}]', '{}'].map((p) => json(p, p)),
  json('constructor poisoning', '{"constructor":{"prototype":{"x":1}}}'),
  json('__proto__ key', '{"__proto__":{"x":1}}'),
  json('inherited keys', '{"constructor":1,"toString":1,"valueOf":1,"hasOwnProperty":1,"__defineGetter__":1}'),
  ...['', '{', '{"a":', '[1,]', 'nul', '{"a":1}x', '\u0000'].map((p) => json(`malformed ${p}`, p)),
  json('lone surrogates', '{"name":"\\ud800","body":"\\udfff"}'),
  json('invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])),
  json('10k levels deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`),
  json('10k objects deep', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`),
  json('2k keys', JSON.stringify(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])))),
  { label: 'text/plain', contentType: 'text/plain', payload: 'hello' },
  { label: 'form', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&a=2&constructor=1&__proto__=1' },
  { label: 'xml', contentType: 'application/xml', payload: '<a/>' },
  { label: 'no content type', payload: 'hello' },
  { label: 'multipart without boundary', contentType: 'multipart/form-data', payload: 'garbage' },
  { label: 'multipart garbage', contentType: MULTIPART, payload: 'garbage' },
  { label: 'multipart empty', contentType: MULTIPART, payload: '' },
  { label: 'multipart closing only', contentType: MULTIPART, payload: '--fuzzboundary--\r\n' },
  {
    label: 'multipart truncated',
    contentType: MULTIPART,
    payload: '--fuzzboundary\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
  },
  {
    label: 'multipart without headers',
    contentType: MULTIPART,
    payload: '--fuzzboundary\r\n\r\nabc\r\n--fuzzboundary--\r\n',
  },
  {
    label: 'multipart huge header',
    contentType: MULTIPART,
    payload: `--fuzzboundary\r\nContent-Disposition: form-data; name="${'x'.repeat(100_000)}"\r\n\r\nabc\r\n--fuzzboundary--\r\n`,
  },
  {
    label: 'multipart prototype names',
    contentType: MULTIPART,
    payload: multipart(
      [
        ['__proto__', 'x'],
        ['constructor', 'x'],
      ],
      [['toString', 'a.png', PNG]],
    ),
  },
  {
    label: 'multipart many files',
    contentType: MULTIPART,
    payload: multipart(
      [],
      Array.from({ length: 12 }, (_, i) => [FILE_FIELDS[i % 3], `${i}.png`, PNG]),
    ),
  },
  {
    label: 'multipart empty file and odd names',
    contentType: MULTIPART,
    payload: multipart([['quotedMsgId', '99999999999999']], [['medias', '../../\u0000😀.png', Buffer.alloc(0)]]),
  },
];

/** Whole bodies: the fixed ones, and the route's own sample poisoned, nested or sent as multipart. */
export function rawBodies(sample: Record<string, unknown>): RawBody[] {
  const text = Object.entries(sample).map(([k, v]): [string, string] => [
    k,
    typeof v === 'string' ? v : JSON.stringify(v),
  ]);
  return [
    ...FIXED_BODIES,
    json('sample with constructor', JSON.stringify({ ...sample, constructor: { name: 'x' } })),
    json('sample 30 levels deep', JSON.stringify({ ...sample, deep: nested(30) })),
    { label: 'multipart fields', contentType: MULTIPART, payload: multipart(text, []) },
    {
      label: 'multipart fields and files',
      contentType: MULTIPART,
      payload: multipart(
        text,
        FILE_FIELDS.map((f) => [f, 'a.png', PNG]),
      ),
    },
  ];
}

/** A seed for one input of one route, stable whatever order the routes run in. */
function seedOf(...parts: string[]): number {
  return createHash('sha256').update(parts.join('\u0000')).digest().readInt32LE(0);
}

const ANY_JSON = fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' });

/** Seeded random JSON values (any unicode) for one place of one route. */
export function randomValues(seed: number, where: string, count: number): unknown[] {
  return fc.sample(ANY_JSON, { seed: seedOf(String(seed), where), numRuns: count });
}

/** Values for fields by name, tried in order; the first whose kind fits the field is used. */
export type Hints = Record<string, unknown[]>;

const kindOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);
const KINDS: Record<string, string[]> = {
  string: ['string'],
  number: ['number'],
  boolean: ['boolean'],
  array: ['array'],
  object: ['object'],
  date: ['string'],
  mixed: ['string', 'number', 'boolean', 'array', 'object'],
};

type Described = SchemaDescription & {
  fields?: Record<string, SchemaFieldDescription>;
  innerType?: SchemaFieldDescription;
};

function bound(d: Described, name: string): number | undefined {
  const test = d.tests.find((t) => t.name === name);
  const params = (test?.params ?? {}) as Record<string, unknown>;
  const value = params[name] ?? params.more ?? params.less;
  return typeof value === 'number' ? value : undefined;
}

/**
 * A value the schema's description should accept for a field named `name`: a hint by name, one of
 * its allowed values, else one built from its type and bounds.
 */
export function sampleOf(field: SchemaFieldDescription, name: string, hints: Hints): unknown {
  const d = field as Described;
  const hint = hints[name]?.find((value) => KINDS[d.type]?.includes(kindOf(value)));
  if (hint !== undefined) return hint;
  const allowed = (d.oneOf ?? []).filter((v) => v !== undefined && v !== null);
  if (allowed.length) return allowed[0];
  switch (d.type) {
    case 'object':
      return Object.fromEntries(Object.entries(d.fields ?? {}).map(([key, f]) => [key, sampleOf(f, key, hints)]));
    case 'array':
      return d.innerType ? [sampleOf(d.innerType, name, hints)] : [];
    case 'string': {
      const text = `fuzz-${name}`.padEnd(bound(d, 'min') ?? 0, 'x');
      return text.slice(0, bound(d, 'max') ?? text.length);
    }
    case 'number':
      return Math.min(Math.max(1, Math.ceil(bound(d, 'min') ?? 1)), bound(d, 'max') ?? 1);
    case 'boolean':
      return d.default ?? true;
    case 'date':
      return new Date(Date.now() + 86_400_000).toISOString();
    default:
      return d.default ?? 'fuzz';
  }
}

/**
 * A body (or query) the schema accepts, built by sampleOf, with the optional fields it could not
 * fill left out; `problems` says which fields still fail, so a sample that does not validate is seen.
 */
export async function validSample(
  schema: AnySchema,
  hints: Hints,
): Promise<{ full: Record<string, unknown>; value: Record<string, unknown>; problems: string[] }> {
  const description = schema.describe() as Described;
  const full = sampleOf(description, '', hints) as Record<string, unknown>;
  const value = { ...full };
  for (let attempt = 0; attempt < 10; attempt += 1) {
    try {
      await schema.validate(value, { abortEarly: false });
      return { full, value, problems: [] };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const failing = new Set(error.inner.map((e) => (e.path ?? '').split(/[.[]/)[0]));
      const droppable = [...failing].filter(
        (key) => key in value && (description.fields?.[key] as Described)?.optional,
      );
      if (!droppable.length) {
        return { full, value, problems: error.inner.map((e) => `${e.path}: ${JSON.stringify(e.message)}`) };
      }
      for (const key of droppable) delete value[key];
    }
  }
  return { full, value, problems: ['no valid sample after 10 attempts'] };
}

/** Every path of a sample's values (`schedules[0].weekday`), parents before children. */
export function pathsOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [`${prefix}[${i}]`, ...pathsOf(v, `${prefix}[${i}]`)]);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => {
      const path = prefix ? `${prefix}.${k}` : k;
      return [path, ...pathsOf(v, path)];
    });
  }
  return [];
}

/** A deep copy of `base` with `path` set to `value`, the containers on the way taken from `full`. */
export function withValue(base: unknown, full: unknown, path: string, value: unknown): unknown {
  const keys = path.match(/[^.[\]]+/g) ?? [];
  const copy = structuredClone(base) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  let source = full as Record<string, unknown> | undefined;
  keys.forEach((key, i) => {
    source = source?.[key] as Record<string, unknown> | undefined;
    if (i === keys.length - 1) {
      node[key] = value;
      return;
    }
    if (node[key] === null || typeof node[key] !== 'object') node[key] = structuredClone(source) ?? {};
    node = node[key] as Record<string, unknown>;
  });
  return copy;
}

/**
 * What is wrong with an answer, or null: a 500 (the answer to what nobody foresaw; a deliberate
 * 5xx, a mail server refusing, has its own code), or an error answer that is not the API's
 * `{ error: ERR_* }` with i18n keys for its fields.
 */
export function answerProblem(status: number, text: string): string | null {
  if (status === 500) return 'server error';
  if (status < 400) return null;
  let body: { error?: unknown; fields?: { field?: unknown; message?: unknown }[] };
  try {
    body = JSON.parse(text);
  } catch {
    return 'error answer that is not JSON';
  }
  if (!ERROR_CODES.includes(body?.error as never)) return 'error answer without a catalogue code';
  const fields = body.fields ?? [];
  if (!fields.every((f) => typeof f.field === 'string' && String(f.message).startsWith('validation.'))) {
    return 'field error without its i18n key';
  }
  return null;
}
