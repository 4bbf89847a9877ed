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
import { type HTMLAttributes, type ReactNode, useEffect } from 'react';
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
  /** The edit button: its accessible label, and who may use it (everyone by default). */
  edit?: { label: (row: Row) => string; permission?: Permission };
  remove?: {
    useMutation: () => DeleteMutation;
    label: (row: Row) => string;
    disabled?: (row: Row) => boolean;
    permission?: Permission;
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
  const { title, layout, useQuery, rowsOf, columns, rowProps, toolbar, dialog, addLabel, edit, remove, actions } =
    props;
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
  // A new search starts at its top, not where the previous one was scrolled to.
  useEffect(() => {
    scroller.current?.scrollTo?.({ top: 0 });
  }, [searchParam, scroller]);

  const mayEdit = !!edit && !!dialog && (!edit.permission || can(user, edit.permission));
  const mayRemove = !!remove && (!remove.permission || can(user, remove.permission));
  const rowActions = mayEdit || mayRemove;

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
      <ListScroller layout={layout} {...scrollerProps}>
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
                rowActions && <ActionsHeaderCell />
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <ResponsiveRow key={row.id} {...rowProps?.(row)}>
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
                      <RowActions
                        editLabel={edit?.label(row)}
                        onEdit={mayEdit ? () => editor.edit(row) : undefined}
                        deleteLabel={remove?.label(row)}
                        onDelete={mayRemove ? () => deletion.ask(row) : undefined}
                        deleteDisabled={remove?.disabled?.(row)}
                      />
                    </ResponsiveCell>
                  )
                )}
              </ResponsiveRow>
            ))}
          </TableBody>
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
