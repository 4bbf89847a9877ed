import { type PipeTransform } from '@nestjs/common';
import { INT_MAX, toValidationMessage, V, type FieldError } from '@atendo/shared';
import { ValidationError, type AnySchema, type InferType } from 'yup';
import { DomainError } from './domain-error.js';
import { shapeProblems } from './input-shape.js';

/**
 * Turns a yup failure into the 400 answer's field list. Every message is an i18n key: a rule stated
 * without one (a type check, above all) would carry yup's English, and answers `validation.invalid`.
 */
export function fieldErrors(error: ValidationError): FieldError[] {
  const errors = error.inner.length ? error.inner : [error];
  return errors.map((e) => {
    const message = toValidationMessage(e.message);
    if (!message.key.startsWith('validation.')) return { field: e.path ?? '', message: V.invalid };
    return { field: e.path ?? '', message: message.key, ...(message.params ? { params: message.params } : {}) };
  });
}

/**
 * Validates and casts a value with a shared yup schema, unknown keys dropped; a failure is the 400
 * ERR_VALIDATION with every field. YupPipe uses it for routes; services call it for bodies checked
 * after authentication (the payment webhook) or against a schema the request chooses (a setting).
 */
export async function validated<T extends AnySchema>(schema: T, value: unknown): Promise<InferType<T>> {
  const input = value ?? {};
  const problems = shapeProblems(schema, input);
  if (problems.length) throw new DomainError('ERR_VALIDATION', { fields: problems });
  try {
    return (await schema.validate(input, { abortEarly: false, stripUnknown: true })) as InferType<T>;
  } catch (error) {
    if (error instanceof ValidationError) {
      throw new DomainError('ERR_VALIDATION', { fields: fieldErrors(error) });
    }
    throw error;
  }
}

/** Validates and casts a body or query with a shared yup schema; unknown keys are dropped. */
export class YupPipe<T extends AnySchema> implements PipeTransform {
  constructor(readonly schema: T) {}

  transform(value: unknown): Promise<InferType<T>> {
    return validated(this.schema, value);
  }
}

/** Path ids: a positive integer an id column holds, else the record cannot exist. */
export class IdPipe implements PipeTransform {
  constructor(private readonly notFoundCode: ConstructorParameters<typeof DomainError>[0] = 'ERR_NOT_FOUND') {}

  transform(value: string): number {
    const id = Number(value);
    if (!/^\d{1,10}$/.test(String(value)) || id <= 0 || id > INT_MAX) {
      throw new DomainError(this.notFoundCode);
    }
    return id;
  }
}
