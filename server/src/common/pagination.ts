import * as yup from 'yup';
import { tooLong, V } from '@atendo/shared';

export const PAGE_SIZE = 20;

/** `pageNumber` starts at 1; `searchParam` is matched case-insensitively. */
export const listQuerySchema = yup.object({
  searchParam: yup.string().trim().lowercase().max(100, tooLong).default(''),
  pageNumber: yup.number().typeError(V.number).integer(V.integer).min(1, V.min).max(100_000, V.max).default(1),
});

export type ListQuery = yup.InferType<typeof listQuerySchema>;

/**
 * A "contains" pattern for `like()`: a search for "50%" finds that text, not everything. The
 * wildcards are escaped with "!", which both MySQL and SQLite accept once the LIKE names it (SQLite
 * has no default escape character at all).
 */
export function likePattern(search: string): string {
  return `%${search.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** `expr LIKE param` with likePattern's escape character. */
export function like(expr: string, param = ':pattern'): string {
  return `${expr} LIKE ${param} ESCAPE '!'`;
}
