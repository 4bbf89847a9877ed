import type { FromClause } from '../../database/compiled-select.js';
import { placeholders } from '../../database/compiled-select.js';
import { like, likePattern } from '../../common/pagination.js';

/**
 * How the ticket list reads MySQL/MariaDB: which rows it starts from.
 *
 * Left to itself, MariaDB starts the list from the company's contacts (a smaller table than its
 * tickets), reads every ticket they have, runs the filters on each and sorts them all for the page:
 * 0.4–2.8 s on 200,000 tickets, whatever the filters (the search tab, words or not, was the worst).
 * The list is therefore always read tickets first (STRAIGHT_JOIN), from one of two kinds of start:
 *
 * - the walk: the company's tickets in list order (newest activity first) by the index made for it,
 *   stopping when the page is full. Cheap when the filters keep many tickets; a filter that keeps
 *   1 in N costs about 40 × N index entries a page.
 * - a set: the tickets of one selective filter (a tag, the chosen users, a day, the words of a
 *   search), found by that filter's own index and sorted for the page. Costs the size of the set.
 *
 * A filter's set is used when it holds at most SET_LIMIT tickets; the smallest such set wins, and
 * with none the list walks. The limit is about where the two cost the same for a company of
 * 200,000 tickets (a set of S tickets against a walk of 40 × 200,000 / S entries); a larger company
 * gains from sets more, a smaller one has cheap walks anyway. Set sizes come from bounded counts (never more than SET_LIMIT + 1 rows
 * read), asked in the statement that reads the caller's queues and remembered for a while, so a
 * page stays three statements. Both starts give the same page: the plan changes the cost, never
 * the rows (the other filters are checked on every row either way).
 */
export const SET_LIMIT = 3_000;

/** A filter of the list: the check on each row, and the set of tickets it keeps, when it has one. */
export interface TicketFilter {
  /** The condition on a ticket row (`t`, its contact `c`), with its values. */
  check: { sql: string; values: unknown[] };
  set?: TicketSet;
}

export interface TicketSet {
  /**
   * What reading the set costs, as the sum of bounded counts (each a scalar subquery, up to
   * SET_LIMIT + 1), each with a key within the company for its remembered value (see
   * TicketsService). Mostly the set's size; for words, what the full-text index reads to find it.
   */
  sizes: SetSize[];
  /** The list read from this set. */
  from: FromClause;
  /** Whether the rows of `from` already meet the filter, so its check can be left out. */
  exact: boolean;
  /**
   * The check to use in place of `check` when the sizes it names add up to at most SET_LIMIT: a
   * small set as a semi-join costs less than a per-row check looking for what is rarely there.
   */
  whenSmall?: { sizes: SetSize[]; check: { sql: string; values: unknown[] } };
}

export interface SetSize {
  key: string;
  sql: string;
  values: unknown[];
}

/**
 * The start of the list: the set costing least among those within `limit`, or none (the walk).
 * `cost` adds up a set's remembered sizes (unknown ones count as unbounded).
 */
export function chooseStart(sets: TicketSet[], cost: (set: TicketSet) => number, limit: number): TicketSet | undefined {
  return sets.filter((set) => cost(set) <= limit).sort((a, b) => cost(a) - cost(b))[0];
}

const bounded = (sql: string) => `(SELECT COUNT(*) FROM (${sql} LIMIT ${SET_LIMIT + 1}) n)`;

/** The walk: the company's tickets newest first, by status when one is asked for. */
export function walk(status: string | undefined): FromClause {
  const index = status ? 'IDX_tickets_company_status_updated' : 'IDX_tickets_company_updated';
  return { sql: `\`tickets\` \`t\` FORCE INDEX (${index})`, values: [], straight: true };
}

/** The tickets of the given owners (with the status asked for), by the owner index. */
export function usersFilter(companyId: number, users: number[], status: string | undefined): TicketFilter {
  const byStatus = status ? ' AND status = ?' : '';
  return {
    check: { sql: `t.userId IN (${placeholders(users)})`, values: users },
    set: {
      sizes: [
        {
          key: `users:${status ?? ''}:${users.join(',')}`,
          sql: bounded(`SELECT 1 FROM tickets WHERE companyId = ? AND userId IN (${placeholders(users)})${byStatus}`),
          values: [companyId, ...users, ...(status ? [status] : [])],
        },
      ],
      from: { sql: '`tickets` `t` FORCE INDEX (IDX_tickets_company_user_status)', values: [], straight: true },
      exact: false,
    },
  };
}

/** Tickets created on a day (UTC), by the creation index. */
export function createdOnFilter(companyId: number, start: Date, end: Date): TicketFilter {
  return {
    check: { sql: 't.createdAt >= ? AND t.createdAt < ?', values: [start, end] },
    set: {
      sizes: [
        {
          key: `created:${start.toISOString()}`,
          sql: bounded('SELECT 1 FROM tickets WHERE companyId = ? AND createdAt >= ? AND createdAt < ?'),
          values: [companyId, start, end],
        },
      ],
      from: { sql: '`tickets` `t` FORCE INDEX (IDX_tickets_company_created)', values: [], straight: true },
      exact: false,
    },
  };
}

/** Tickets carrying a tag, by the tag index of ticket_tags. */
export function tagFilter(tagId: number, mysql: boolean): TicketFilter {
  const check = {
    sql: 'EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt.ticketId = t.id AND tt.tagId = ?)',
    values: [tagId],
  };
  if (!mysql) return { check };
  return {
    check,
    set: {
      sizes: [{ key: `tag:${tagId}`, sql: bounded('SELECT 1 FROM ticket_tags WHERE tagId = ?'), values: [tagId] }],
      from: {
        sql: '(SELECT tt.ticketId AS id FROM ticket_tags tt WHERE tt.tagId = ?) `s` INNER JOIN `tickets` `t` ON `t`.`id` = `s`.`id`',
        values: [tagId],
        straight: true,
      },
      exact: true,
    },
  };
}

/** The words of a text search: letters and digits, 3 or more of them, at most 8 words. */
export function searchWords(search: string): string[] {
  return search
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3)
    .slice(0, 8);
}

/**
 * Contact name or number, or words of the conversation.
 *
 * The embedded SQLite, small by nature, matches message text with LIKE. On MySQL/MariaDB the
 * search's set is the tickets of the contacts whose name or number holds the text, with those of
 * the messages whose words start with the searched ones (the full-text index, each word required):
 * rare words and names make a small set. Common words make a large one, and the walk then keeps a
 * ticket when its contact matches or one of its messages contains every word (a LIKE over that
 * ticket's messages by their index, stopping at the first); such matches are dense, so a page
 * fills after a few hundred tickets.
 */
export function searchFilter(companyId: number, search: string, mysql: boolean): TicketFilter {
  const pattern = likePattern(search.toLowerCase());
  const people = `${like('LOWER(c.name)', '?')} OR ${like('c.number', '?')}`;
  if (!mysql) {
    return {
      check: {
        sql: `(${people} OR t.id IN (SELECT sm.ticketId FROM messages sm WHERE sm.companyId = ? AND ${like('LOWER(sm.body)', '?')}))`,
        values: [pattern, pattern, companyId, pattern],
      },
    };
  }
  const words = searchWords(search);
  const fullText = words.map((w) => `+${w}*`).join(' ');
  const contactsSql = `SELECT st.id FROM contacts sc INNER JOIN tickets st ON st.contactId = sc.id WHERE sc.companyId = ? AND (${like('LOWER(sc.name)', '?')} OR ${like('sc.number', '?')})`;
  const contactsValues = [companyId, pattern, pattern];
  const messagesSql =
    'SELECT sm.ticketId AS id FROM messages sm WHERE sm.companyId = ? AND MATCH(sm.body) AGAINST (? IN BOOLEAN MODE)';
  const setSql = words.length ? `${contactsSql} UNION ${messagesSql}` : contactsSql;
  const setValues = words.length ? [...contactsValues, companyId, fullText] : contactsValues;
  const wordSizes = words.map((word) => ({
    key: `word:${word.toLowerCase()}`,
    sql: bounded(messagesSql),
    values: [companyId, `+${word}*`],
  }));
  const check = words.length
    ? {
        sql: `(${people} OR (SELECT 1 FROM messages sm WHERE sm.ticketId = t.id AND ${words.map(() => like('sm.body', '?')).join(' AND ')} LIMIT 1) IS NOT NULL)`,
        values: [pattern, pattern, ...words.map((w) => likePattern(w))],
      }
    : { sql: `(${people})`, values: [pattern, pattern] };
  return {
    check,
    set: {
      // The full-text index reads every message of each word to find those with all of them, so
      // a common word makes the set costly however few tickets it ends with.
      sizes: [{ key: `contacts:${pattern}`, sql: bounded(contactsSql), values: contactsValues }, ...wordSizes],
      from: {
        sql: `(${setSql}) \`s\` INNER JOIN \`tickets\` \`t\` ON \`t\`.\`id\` = \`s\`.\`id\``,
        values: setValues,
        straight: true,
      },
      exact: true,
      ...(words.length && {
        whenSmall: {
          sizes: wordSizes,
          check: {
            sql: `(${people} OR t.id IN (${messagesSql}))`,
            values: [pattern, pattern, companyId, fullText],
          },
        },
      }),
    },
  };
}
