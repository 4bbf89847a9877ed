import * as yup from 'yup';
import { V } from '@atendo/shared';

export const PAGE_SIZE = 20;

/** `pageNumber` starts at 1; `searchParam` is matched case-insensitively. */
export const listQuerySchema = yup.object({
  searchParam: yup.string().trim().lowercase().max(100).default(''),
  pageNumber: yup.number().typeError(V.number).integer(V.integer).min(1, V.min).max(100_000, V.max).default(1),
});

export type ListQuery = yup.InferType<typeof listQuerySchema>;

/** Escapes LIKE wildcards so a search for "50%" finds that text, not everything. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
