import { can, type Permission } from '@atendo/shared';
import {
  makeStyles,
  mergeClasses,
  TableBody,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type HTMLAttributes, type ReactNode, type RefObject, useEffect } from 'react';
import { useAppSelector } from '../app/store';
import { selectSessionUser } from '../features/auth/auth.slice';
import {
  type DeleteMutation,
  useDeleteConfirmation,
  useEditDialog,
  useInfiniteRows,
  useListSearch,
  useLoadErrorToast,
} from './list-hooks';
import { ActionsHeaderCell, AddButton, DeleteDialog, ListScroller, SearchField } from './ListFrame';
import { ListStatus } from './ListStatus';
import { PageHeader } from './PageHeader';
import { RowActions } from './RowActions';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from './ResponsiveTable';

/** One column of a list: its header, what each row shows in it, and its width when fixed. */
export interface ListColumn<Row> {
  key: string;
  label: string;
  cell: (row: Row) => ReactNode;
  width?: string;
}

/** What the list pages' infinite queries give (RTK Query's infinite query hook result). */
export interface ListQuery<Page> {
  data?: { pages: Page[] };
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A list page as a declaration: the query behind it, its columns, what a row can do and the
 * dialog that creates and edits a record. The page supplies the rest the same way everywhere:
 * the header (or a settings tab's toolbar) with the search box and the add button, infinite
 * scroll (the next page within 100 px of the bottom), back to the top when the search changes,
 * loading, error and empty states, the delete question with its toast.
 *
 * Live changes reach the rows through the query's cache (mergePagedChange in paged-cache.ts), so
 * a page is only its declaration.
 */
export interface ListPageProps<Page, Row extends { id: number }> {
  /** The page's title, also the table's accessible name. */
  title: string;
  /** A page of its own (under a page header), or a tab of the settings (a toolbar). */
  layout: 'page' | 'tab';
  /** The query of the rows for a search (a hook: the same one on every render). */
  useQuery: (searchParam: string) => ListQuery<Page>;
  /** The rows of one page of the query; a constant. */
  rowsOf: (page: Page) => Row[];
  columns: ListColumn<Row>[];
  /** Attributes of a row's element (a tint, a data attribute for tests). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  /** A list without a search box (short lists the server answers whole). */
  searchable?: boolean;
  /** Beside the search box, after the add button. */
  toolbar?: ReactNode;
  /** The create and edit dialog: `record` is null when creating. */
  dialog?: (record: Row | null, close: () => void) => ReactNode;
  /** The add button's label; none: no add button. */
  addLabel?: string;
  /** Buttons of the row's own, before edit and delete (start a conversation with a contact). */
  rowTools?: (row: Row) => ReactNode;
  /** The actions column's width, when the row's own buttons need more room than edit and delete. */
  actionsWidth?: string;
  /**
   * The edit button: its accessible label, and who may use it (everyone by default), as a
   * permission or row by row (a record its author and the admins may change).
   */
  edit?: { label: (row: Row) => string; permission?: Permission; allowed?: (row: Row) => boolean };
  remove?: {
    useMutation: () => DeleteMutation;
    label: (row: Row) => string;
    disabled?: (row: Row) => boolean;
    permission?: Permission;
    allowed?: (row: Row) => boolean;
    /** The question's title and text, and the toast once deleted. */
    title: (row: Row) => string;
    message: string;
    deleted: string;
  };
  /** A last column of the page's own instead of edit and delete (a pay button). */
  actions?: { label: string; width?: string; cell: (row: Row) => ReactNode };
  empty: string;
  /** Said when a search finds nothing; `empty` when not given. */
  noMatches?: string;
  /** A load error is also toasted (besides the table's message). */
  toastErrors?: boolean;
}

/**
 * A list the server answers whole (no pages, no search) in the shape of an infinite query's
 * result: one page holding every row.
 */
export function wholeList<Row>(result: {
  data?: Row[];
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
}): ListQuery<Row[]> {
  return {
    data: result.data ? { pages: [result.data] } : undefined,
    error: result.error,
    isLoading: result.isLoading,
    isFetching: result.isFetching,
    hasNextPage: false,
    fetchNextPage: () => undefined,
  };
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minHeight: 0, flexGrow: 1 },
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: {
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  // Without a search box, the add button keeps to the right.
  toolbarEnd: { justifyContent: 'flex-end' },
});

/** A delete mutation's hook when the list has no delete: keeps the hooks called the same way. */
const noDelete = (): DeleteMutation => [() => ({ unwrap: () => Promise.resolve() }), { isLoading: false }];

export function ListPage<Page, Row extends { id: number }>(props: ListPageProps<Page, Row>) {
  const {
    title,
    layout,
    useQuery,
    rowsOf,
    columns,
    rowProps,
    toolbar,
    dialog,
    addLabel,
    rowTools,
    edit,
    remove,
    actions,
  } = props;
  const searchable = props.searchable ?? true;
  const styles = useStyles();
  const user = useAppSelector(selectSessionUser);
  const { search, setSearch, searchParam } = useListSearch();
  const query = useQuery(searchParam);
  const { error, isLoading, isFetching, hasNextPage } = query;
  useLoadErrorToast(props.toastErrors ? error : null);
  const { rows, scrollerProps } = useInfiniteRows(query, rowsOf);
  const editor = useEditDialog<Row>();
  const deletion = useDeleteConfirmation<Row>((remove?.useMutation ?? noDelete)(), remove?.deleted ?? '');
  const scroller = scrollerProps.ref;
  const virtualizer = useVirtualRows(rows.length, scroller);
  // A new search starts at its top, not where the previous one was scrolled to.
  useEffect(() => {
    scroller.current?.scrollTo?.({ top: 0 });
  }, [searchParam, scroller]);

  const mayEdit = !!edit && !!dialog && (!edit.permission || can(user, edit.permission));
  const mayRemove = !!remove && (!remove.permission || can(user, remove.permission));
  const rowActions = !!rowTools || mayEdit || mayRemove;

  const tools = (
    <>
      {searchable && <SearchField value={search} onChange={setSearch} />}
      {addLabel && dialog && <AddButton onClick={editor.create}>{addLabel}</AddButton>}
      {toolbar}
    </>
  );

  return (
    <div className={layout === 'page' ? styles.page : styles.tab}>
      {layout === 'page' ? (
        <PageHeader title={title}>{tools}</PageHeader>
      ) : (
        <div className={mergeClasses(styles.toolbar, !searchable && styles.toolbarEnd)}>{tools}</div>
      )}
      <ListScroller layout={layout} focusLabel={actions || rowActions ? undefined : title} {...scrollerProps}>
        <ResponsiveTable aria-label={title}>
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHeaderCell key={column.key} style={column.width ? { width: column.width } : undefined}>
                  {column.label}
                </TableHeaderCell>
              ))}
              {actions ? (
                <TableHeaderCell style={actions.width ? { width: actions.width } : undefined}>
                  {actions.label}
                </TableHeaderCell>
              ) : (
                rowActions && <ActionsHeaderCell width={props.actionsWidth} />
              )}
            </TableRow>
          </TableHeader>
          <ListBody
            rows={rows}
            virtualizer={virtualizer}
            columnCount={columns.length + (actions || rowActions ? 1 : 0)}
            renderRow={(row, measured) => (
              <ResponsiveRow key={row.id} {...measured} {...rowProps?.(row)}>
                {columns.map((column) => (
                  <ResponsiveCell key={column.key} label={column.label}>
                    {column.cell(row)}
                  </ResponsiveCell>
                ))}
                {actions ? (
                  <ResponsiveCell>{actions.cell(row)}</ResponsiveCell>
                ) : (
                  rowActions && (
                    <ResponsiveCell>
                      {rowTools?.(row)}
                      <RowActions
                        editLabel={edit?.label(row)}
                        onEdit={mayEdit && (edit?.allowed?.(row) ?? true) ? () => editor.edit(row) : undefined}
                        deleteLabel={remove?.label(row)}
                        onDelete={mayRemove && (remove?.allowed?.(row) ?? true) ? () => deletion.ask(row) : undefined}
                        deleteDisabled={remove?.disabled?.(row)}
                      />
                    </ResponsiveCell>
                  )
                )}
              </ResponsiveRow>
            )}
          />
        </ResponsiveTable>
        <ListStatus
          loading={isLoading || (isFetching && hasNextPage)}
          error={error}
          empty={rows.length === 0 && (searchParam ? (props.noMatches ?? props.empty) : props.empty)}
        />
      </ListScroller>
      {dialog && editor.open && dialog(editor.record, editor.close)}
      {remove && (
        <DeleteDialog
          deletion={deletion}
          title={deletion.target ? remove.title(deletion.target) : ''}
          message={remove.message}
        />
      )}
    </div>
  );
}

/**
 * Past this many rows only the rows in view (and a margin) are in the document: a list scrolled
 * to 10,000 rows stays as quick as a short one. Below it every row is drawn, which costs nothing
 * and keeps the browser's find-in-page working on the whole list.
 */
export const VIRTUAL_FROM = 150;
/** A row's height before it is measured (a table row; cards on phones are measured as drawn). */
const ESTIMATED_ROW_PX = 44;

/**
 * The virtualiser of a long list. It is asked for in the page, not in the body: the scroller is
 * the body's ancestor, whose ref is set only after the body's own layout effects have run.
 */
function useVirtualRows(count: number, scroller: RefObject<HTMLDivElement | null>) {
  const virtual = count > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: virtual ? count : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 12,
  });
  return virtual ? virtualizer : null;
}

interface ListBodyProps<Row> {
  rows: Row[];
  virtualizer: ReturnType<typeof useVirtualRows>;
  columnCount: number;
  /** `measured`: the attributes the row element needs for its height to be measured. */
  renderRow: (row: Row, measured: { ref?: (element: HTMLElement | null) => void; 'data-index'?: number }) => ReactNode;
}

function ListBody<Row>({ rows, virtualizer, columnCount, renderRow }: ListBodyProps<Row>) {
  if (!virtualizer) return <TableBody>{rows.map((row) => renderRow(row, {}))}</TableBody>;

  const items = virtualizer.getVirtualItems();
  const before = items.length ? items[0].start : 0;
  const after = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  // Rows out of view are stood in for by two empty rows as tall as they are, so the scrollbar
  // (and the infinite scroll's "near the bottom") reads the whole list.
  return (
    <TableBody>
      {before > 0 && <Spacer height={before} columnCount={columnCount} />}
      {items.map((item) => renderRow(rows[item.index], { ref: virtualizer.measureElement, 'data-index': item.index }))}
      {after > 0 && <Spacer height={after} columnCount={columnCount} />}
    </TableBody>
  );
}

function Spacer({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden style={{ height }}>
      <td colSpan={columnCount} />
    </tr>
  );
}
