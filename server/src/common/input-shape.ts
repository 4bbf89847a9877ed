import { V, type FieldError } from '@atendo/shared';
import { isSchema, type AnySchema, type ArraySchema, type ObjectSchema } from 'yup';

/** Schema types whose value is one scalar. */
const SCALAR_TYPES = new Set(['string', 'number', 'boolean', 'date']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Object.prototype.toString.call(value) === '[object Object]';

/**
 * The parts of an input that yup cannot be handed, found before it runs, each named by its path:
 * - a key that names a property every object inherits (`constructor`, `toString`): yup looks its
 *   fields up with a plain property read, finds Object's own and throws (jquense/yup#660);
 * - a list or an object where the schema expects one scalar: the string transforms (trim,
 *   lowercase) call its methods and throw, number and boolean casts stringify it, which a deeply
 *   nested list turns into a stack overflow, and a one-element list would pass as its element;
 * - a null in a list whose elements may not be null: yup reports it, but still hands the list to
 *   the schema's own tests, which read the elements' fields.
 * Only the paths the schema describes are walked, so the walk is never deeper than the schema.
 */
export function shapeProblems(schema: AnySchema, value: unknown): FieldError[] {
  const problems: FieldError[] = [];
  walk(schema, value, undefined, '', problems);
  return problems;
}

function walk(schema: AnySchema, value: unknown, parent: unknown, path: string, problems: FieldError[]): void {
  if (value === null || value === undefined) return;
  const resolved = schema.resolve({ value, parent });
  if (SCALAR_TYPES.has(resolved.type)) {
    if (typeof value === 'object') problems.push({ field: path, message: V.invalid });
    return;
  }
  if (resolved.type === 'object' && isPlainObject(value)) {
    const { fields } = resolved as ObjectSchema<Record<string, unknown>>;
    for (const key of Object.keys(value)) {
      const keyPath = path ? `${path}.${key}` : key;
      const field: unknown = Object.hasOwn(fields, key) ? fields[key] : undefined;
      if (field === undefined && key in Object.prototype) {
        problems.push({ field: keyPath, message: V.notAllowed });
      } else if (isSchema(field)) {
        walk(field as AnySchema, value[key], value, keyPath, problems);
      }
    }
  } else if (resolved.type === 'array' && Array.isArray(value)) {
    const inner = (resolved as ArraySchema<unknown[] | undefined, object>).innerType;
    if (!isSchema(inner)) return;
    value.forEach((item, i) => {
      const itemPath = `${path}[${i}]`;
      if (item === null && !(inner as AnySchema).resolve({ value: item, parent: value }).spec.nullable) {
        problems.push({ field: itemPath, message: V.required });
      } else {
        walk(inner as AnySchema, item, value, itemPath, problems);
      }
    });
  }
}
