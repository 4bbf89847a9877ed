import { type UIEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../app/errors';
import { useDebouncedValue } from '../app/hooks';
import { useNotify } from '../app/toasts';

/** Spec §9: searches wait 500 ms; the next page loads within 100 px of the bottom. */
const SEARCH_DEBOUNCE_MS = 500;
const LOAD_MORE_THRESHOLD_PX = 100;

/** A list's search box text, and the search it settles into: trimmed, lower case, debounced. */
export function useListSearch() {
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  return { search, setSearch, searchParam };
}

interface InfiniteListQuery<Page> {
  data?: { pages: Page[] };
  isFetching: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The rows of an infinite query, and the props of the element they scroll in, which loads the next
 * page near its bottom. `rowsOf` should be a constant, as the rows are recomputed when it changes.
 */
export function useInfiniteRows<Page, Row extends { id: number }>(
  { data, isFetching, hasNextPage, fetchNextPage }: InfiniteListQuery<Page>,
  rowsOf: (page: Page) => Row[],
) {
  // Pages can overlap when rows are added while scrolling; the first copy of each id wins.
  const rows = useMemo(() => {
    const seen = new Set<number>();
    return (data?.pages ?? []).flatMap(rowsOf).filter((row) => !seen.has(row.id) && !!seen.add(row.id));
  }, [data, rowsOf]);

  const ref = useRef<HTMLDivElement>(null);
  const loadMoreIfNearBottom = (element: HTMLDivElement) => {
    const { scrollTop, scrollHeight, clientHeight } = element;
    if (scrollHeight - scrollTop - clientHeight < LOAD_MORE_THRESHOLD_PX && hasNextPage && !isFetching) {
      void fetchNextPage();
    }
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => loadMoreIfNearBottom(event.currentTarget);
  // On a tall window the first page may not fill the list, so no scroll event would ever come.
  useEffect(() => {
    if (ref.current) loadMoreIfNearBottom(ref.current);
  });

  return { rows, scrollerProps: { ref, onScroll } };
}

/** Spec §8: a list that fails to load says so in a toast as well as in the table. */
export function useLoadErrorToast(error: unknown) {
  const { i18n } = useTranslation();
  const notify = useNotify();
  useEffect(() => {
    if (error) notify.error(errorText(i18n, error));
  }, [error, notify, i18n]);
}

/** A list's create-or-edit dialog: closed, open on a new record, or open on an existing one. */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ open: false } | { open: true; record: T | null }>({ open: false });
  return {
    open: state.open,
    /** The record being edited; null while creating one. */
    record: state.open ? state.record : null,
    create: () => setState({ open: true, record: null }),
    edit: (record: T) => setState({ open: true, record }),
    close: () => setState({ open: false }),
  };
}

export type DeleteMutation = readonly [(id: number) => { unwrap(): Promise<unknown> }, { isLoading: boolean }];

/**
 * The record a list asks to delete and, once confirmed, its deletion: a toast tells how it went
 * and the question closes either way. Takes the result of the delete mutation's hook.
 */
export function useDeleteConfirmation<T extends { id: number }>(
  [remove, { isLoading }]: DeleteMutation,
  deletedText: string,
) {
  const { i18n } = useTranslation();
  const notify = useNotify();
  const [target, setTarget] = useState<T | null>(null);
  const confirm = async () => {
    if (!target) return;
    try {
      await remove(target.id).unwrap();
      notify.success(deletedText);
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
    setTarget(null);
  };
  return { target, ask: setTarget, busy: isLoading, confirm, cancel: () => setTarget(null) };
}

export type DeleteConfirmation = Pick<
  ReturnType<typeof useDeleteConfirmation>,
  'target' | 'busy' | 'confirm' | 'cancel'
>;
