/** A company-scoped change to one row of a paged list, as its live event (or our own save) tells it. */
export type PagedChange<Row> = { action: 'create' | 'update'; row: Row } | { action: 'delete'; id: number };

/** How a paged list keeps its rows, for merging changes into its cached pages. */
export interface PagedRows<Page, Row> {
  rowsOf: (page: Page) => Row[];
  /** Whether a row belongs to a search's results: a new row joins only the searches it matches. */
  matches: (row: Row, search: string) => boolean;
  /** The list's order, for a joining row; without it the row goes first. */
  order?: (a: Row, b: Row) => number;
  /**
   * Whether an update of a row not loaded adds it: for lists a row can enter by an update (an
   * announcement made active again reaches the companies as an update).
   */
  updateMayAdd?: boolean;
}

/**
 * Writes a change into the loaded pages of one search (an immer draft of an infinite query's
 * data): a delete takes the row out wherever it is, an update replaces it in place, a new row
 * joins the first page when the search matches it. Pages already scrolled through are not fetched
 * again, and a change that echoes our own save changes nothing. `count` (the server's total, on
 * the first page) follows.
 */
export function mergePagedChange<Page extends { count?: number }, Row extends { id: number }>(
  draft: { pages: Page[] },
  change: PagedChange<Row>,
  list: PagedRows<Page, Row>,
  search: string,
): void {
  if (!draft.pages.length) return;
  const first = draft.pages[0];
  const id = change.action === 'delete' ? change.id : change.row.id;
  let found = false;
  for (const page of draft.pages) {
    const rows = list.rowsOf(page);
    const index = rows.findIndex((row) => row.id === id);
    if (index < 0) continue;
    found = true;
    if (change.action === 'delete') rows.splice(index, 1);
    else rows[index] = change.row;
  }
  if (change.action === 'delete') {
    if (found && first.count !== undefined) first.count = Math.max(0, first.count - 1);
    return;
  }
  const joins = change.action === 'create' || list.updateMayAdd;
  if (found || !joins || !list.matches(change.row, search)) return;
  const rows = list.rowsOf(first);
  if (list.order) {
    rows.push(change.row);
    rows.sort(list.order);
  } else {
    rows.unshift(change.row);
  }
  if (first.count !== undefined) first.count += 1;
}
