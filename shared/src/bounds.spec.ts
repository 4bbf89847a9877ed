import { isSchema, type AnySchema, type SchemaDescription, type SchemaFieldDescription } from 'yup';
import * as shared from './index.js';
import { INT_MAX, MONEY_MAX } from './index.js';

type Bound = { name: string; params?: Record<string, unknown> };

/** The lowest and highest value a number's tests (or its oneOf) let through. */
function range(description: SchemaDescription): [number, number] {
  if (description.oneOf.length) {
    const values = description.oneOf.filter((v): v is number => typeof v === 'number');
    return [Math.min(...values), Math.max(...values)];
  }
  let low = -Infinity;
  let high = Infinity;
  for (const { name, params = {} } of description.tests as Bound[]) {
    const min = params.min ?? params.more;
    const max = params.max ?? params.less;
    if (name === 'min' && typeof min === 'number') low = Math.max(low, min);
    if (name === 'max' && typeof max === 'number') high = Math.min(high, max);
  }
  return [low, high];
}

/** Every number in a schema whose range a database column could not hold, by path. */
function unbounded(description: SchemaFieldDescription, path: string): string[] {
  if (!('tests' in description)) return [];
  if (description.type === 'number') {
    const [low, high] = range(description);
    const integer = description.tests.some((t) => t.name === 'integer');
    const limit = integer ? INT_MAX : MONEY_MAX;
    return low >= -limit - 1 && high <= limit ? [] : [`${path}: ${low}..${high}`];
  }
  const fields = 'fields' in description ? Object.entries(description.fields) : [];
  const inner = 'innerType' in description && description.innerType ? [description.innerType].flat() : [];
  return [
    ...fields.flatMap(([key, field]) => unbounded(field, `${path}.${key}`)),
    ...inner.flatMap((field) => unbounded(field, `${path}[]`)),
  ];
}

/** The schemas shared exports, alone or in a record of schemas (the flow nodes' data). */
const schemas: [string, AnySchema][] = Object.entries(shared as Record<string, unknown>).flatMap(
  ([name, value]): [string, AnySchema][] => {
    if (isSchema(value)) return [[name, value as AnySchema]];
    if (!value || typeof value !== 'object') return [];
    return Object.entries(value)
      .filter(([, inner]) => isSchema(inner))
      .map(([key, inner]): [string, AnySchema] => [`${name}.${key}`, inner as AnySchema]);
  },
);

describe('numbers in the shared schemas', () => {
  it('are bounded to what a database column holds (MySQL refuses more, SQLite would store it)', () => {
    expect(schemas.length).toBeGreaterThan(30);
    expect(schemas.flatMap(([name, schema]) => unbounded(schema.describe(), name))).toEqual([]);
  });
});
