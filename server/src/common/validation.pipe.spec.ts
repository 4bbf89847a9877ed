import { describe, expect, it } from '@jest/globals';
import { companySchedulesSchema, INT_MAX, queueSchema, userCreateSchema, whatsappSchema } from '@atendo/shared';
import * as yup from 'yup';
import { DomainError } from './domain-error.js';
import { tooDeepField } from './json-body.js';
import { IdPipe, validated } from './validation.pipe.js';

/** The 400's field list for an input, or null when it validates. */
async function refusal(schema: yup.AnySchema, value: unknown) {
  try {
    await validated(schema, value);
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, fields: error.extra?.fields };
  }
}

const queue = { name: 'Sales', color: '#102030' };

describe('validated', () => {
  it('names a key every object inherits instead of letting yup trip over it (jquense/yup#660)', async () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(await refusal(queueSchema, { ...queue, [key]: 1 })).toEqual({
        code: 'ERR_VALIDATION',
        fields: [{ field: key, message: 'validation.notAllowed' }],
      });
    }
    expect(
      await refusal(queueSchema, { ...queue, schedules: [{ weekday: 'Mon', weekdayEn: 'monday', constructor: {} }] }),
    ).toEqual({
      code: 'ERR_VALIDATION',
      fields: [{ field: 'schedules[0].constructor', message: 'validation.notAllowed' }],
    });
    // A schema that does declare such a field gets it.
    expect(await validated(yup.object({ constructor: yup.string() }), { constructor: 'x' })).toEqual({
      constructor: 'x',
    });
  });

  it('names a list or an object given where one value goes, and a null element of a list', async () => {
    expect(await refusal(queueSchema, { ...queue, name: ['a', 'b'], color: { hex: 1 }, orderQueue: [5] })).toEqual({
      code: 'ERR_VALIDATION',
      fields: [
        { field: 'name', message: 'validation.invalid' },
        { field: 'color', message: 'validation.invalid' },
        { field: 'orderQueue', message: 'validation.invalid' },
      ],
    });
    expect(
      await refusal(userCreateSchema, { name: 'Ana', email: 'a@b.co', password: 'secret', queueIds: [1, [2]] }),
    ).toEqual({
      code: 'ERR_VALIDATION',
      fields: [{ field: 'queueIds[1]', message: 'validation.invalid' }],
    });
    // The one-per-day test reads each day's weekdayEn.
    expect(await refusal(companySchedulesSchema, { schedules: [null] })).toEqual({
      code: 'ERR_VALIDATION',
      fields: [{ field: 'schedules[0]', message: 'validation.required' }],
    });
  });

  it('answers an i18n key for a rule stated without one, never yup English', async () => {
    // isDefault's boolean states no message of its own for a value of the wrong type.
    expect(await refusal(whatsappSchema, { name: 'Main line', isDefault: 'abc' })).toEqual({
      code: 'ERR_VALIDATION',
      fields: [{ field: 'isDefault', message: 'validation.invalid' }],
    });
  });

  it('walks only what the schema describes, so unknown deep values cost nothing and are dropped', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(await validated(queueSchema, { ...queue, extra: deep })).not.toHaveProperty('extra');
  });
});

describe('JSON depth', () => {
  const nest = (depth: number) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i += 1) value = { a: value };
    return value;
  };

  it('names the top-level field under which a body nests deeper than 32 levels', () => {
    expect(tooDeepField({ ok: nest(31) })).toBeNull();
    expect(tooDeepField({ ok: 1, bad: nest(32) })).toBe('bad');
    expect(tooDeepField(nest(33))).toBe('a');
    expect(tooDeepField([[nest(40)]])).toBe('0');
  });

  it('walks a body a hundred thousand levels deep without recursing', () => {
    expect(tooDeepField({ deep: nest(100_000) })).toBe('deep');
  });
});

describe('IdPipe', () => {
  it('takes as not found an id no INT column holds', () => {
    const pipe = new IdPipe('ERR_NO_USER_FOUND');
    expect(pipe.transform(String(INT_MAX))).toBe(INT_MAX);
    expect(() => pipe.transform(String(INT_MAX + 1))).toThrow(DomainError);
  });
});
