import * as yup from 'yup';
import { tooLong, V, type ErrorCode } from '@atendo/shared';
import { Brackets, type FindOptionsWhere, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import { DomainError } from './domain-error.js';

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

/**
 * Where a search looks: each entry an SQL expression compared with LIKE against the lower-cased
 * search text (lower-case the column in the expression where it has capitals).
 */
export function whereContains<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  search: string,
  expressions: string[],
): SelectQueryBuilder<E> {
  if (!search || !expressions.length) return qb;
  const pattern = likePattern(search.toLowerCase());
  return qb.andWhere(
    new Brackets((w) => {
      for (const expression of expressions) w.orWhere(like(expression), { pattern });
    }),
  );
}

/**
 * A list page of the back office (PAGE_SIZE rows, `pageNumber` from 1): the rows matching
 * `search` in `order`, the total and whether more follow. `prepare` adds what the page needs but
 * the count does not (joins of the shown rows), after counting.
 */
export async function searchPage<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  query: ListQuery,
  {
    search,
    order,
    prepare,
  }: {
    search: string[];
    order: [string, 'ASC' | 'DESC'][];
    prepare?: (qb: SelectQueryBuilder<E>) => SelectQueryBuilder<E>;
  },
): Promise<{ rows: E[]; count: number; hasMore: boolean }> {
  whereContains(qb, query.searchParam, search);
  const count = await qb.getCount();
  const shown = prepare ? prepare(qb) : qb;
  for (const [index, [expression, direction]] of order.entries()) {
    if (index === 0) shown.orderBy(expression, direction);
    else shown.addOrderBy(expression, direction);
  }
  const rows = await shown
    .skip((query.pageNumber - 1) * PAGE_SIZE)
    .take(PAGE_SIZE)
    .getMany();
  return { rows, count, hasMore: count > query.pageNumber * PAGE_SIZE };
}

/**
 * A company's record by id, or the error that says it does not exist: another company's id
 * answers the same as a missing one (404), never that it exists elsewhere.
 */
export async function findInCompany<E extends { id: number; companyId: number }>(
  repository: Repository<E>,
  companyId: number,
  id: number,
  missing: ErrorCode,
): Promise<E> {
  const found = await repository.findOneBy({ id, companyId } as FindOptionsWhere<E>);
  if (!found) throw new DomainError(missing);
  return found;
}
