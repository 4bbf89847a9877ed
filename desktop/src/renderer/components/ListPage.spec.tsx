import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import i18n from '../app/i18n';
import { createAppStore } from '../app/store';
import { type ListQuery, ListPage, type ListPageProps, VIRTUAL_FROM } from './ListPage';

interface Row {
  id: number;
  name: string;
}
type Page = { rows: Row[] };

const rowsOf = (page: Page) => page.rows;

function queryOf(rows: Row[], asked: string[]) {
  return (searchParam: string): ListQuery<Page> => {
    asked.push(searchParam);
    const found = rows.filter((row) => row.name.includes(searchParam));
    return {
      data: { pages: [{ rows: found }] },
      isLoading: false,
      isFetching: false,
      hasNextPage: false,
      fetchNextPage: () => undefined,
    };
  };
}

function show(props: Partial<ListPageProps<Page, Row>> & Pick<ListPageProps<Page, Row>, 'useQuery'>) {
  return render(
    <Provider store={createAppStore()}>
      <I18nextProvider i18n={i18n}>
        <FluentProvider theme={webLightTheme}>
          <ListPage<Page, Row>
            title="Pessoas"
            layout="page"
            rowsOf={rowsOf}
            columns={[
              { key: 'id', label: 'Id', cell: (row) => row.id },
              { key: 'name', label: 'Nome', cell: (row) => row.name.toUpperCase() },
            ]}
            empty="Ninguém ainda"
            noMatches="Ninguém com isso"
            {...props}
          />
        </FluentProvider>
      </I18nextProvider>
    </Provider>,
  );
}

afterEach(cleanup);

describe('ListPage', () => {
  it('draws each row by its columns, under the headers, in a table named by the title', () => {
    show({ useQuery: queryOf([{ id: 4, name: 'ana' }], []) });
    const table = screen.getByRole('table', { name: 'Pessoas' });
    expect(table.textContent).toContain('Nome');
    expect(screen.getByText('ANA')).toBeTruthy();
    expect(screen.queryByText('Ninguém ainda')).toBeNull();
  });

  it('asks its query again once the search settles, and says when nothing matches', async () => {
    jest.useFakeTimers();
    try {
      const asked: string[] = [];
      show({ useQuery: queryOf([{ id: 4, name: 'ana' }], asked) });
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: '  Zé ' } });
      await act(async () => {
        jest.advanceTimersByTime(600);
      });
      expect(asked.at(-1)).toBe('zé');
      expect(screen.getByText('Ninguém com isso')).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers edit and delete by the permission each needs, and deletes once asked and confirmed', async () => {
    const remove = jest.fn((id: number) => ({ unwrap: () => Promise.resolve(id) }));
    const edited: (Row | null)[] = [];
    show({
      useQuery: queryOf([{ id: 4, name: 'ana' }], []),
      dialog: (record) => {
        edited.push(record);
        return <p>dialog open</p>;
      },
      // Nobody is signed in to this store: a permission is never held.
      edit: { label: (row) => `Editar ${row.name}`, permission: 'users:manage' },
      remove: {
        useMutation: () => [remove, { isLoading: false }],
        label: (row) => `Apagar ${row.name}`,
        title: (row) => `Apagar ${row.name}?`,
        message: 'Sem volta.',
        deleted: 'Apagado',
      },
    });
    expect(screen.queryByRole('button', { name: 'Editar ana' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apagar ana' }));
    expect(await screen.findByText('Apagar ana?')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: i18n.t('common.delete') }));
    });
    expect(remove).toHaveBeenCalledWith(4);
    expect(edited).toEqual([]);
  });

  it('opens its dialog empty from the add button and with the row from edit', () => {
    const edited: (Row | null)[] = [];
    show({
      useQuery: queryOf([{ id: 4, name: 'ana' }], []),
      addLabel: 'Nova pessoa',
      dialog: (record) => {
        edited.push(record);
        return <p>dialog open</p>;
      },
      edit: { label: (row) => `Editar ${row.name}` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Nova pessoa' }));
    expect(edited.at(-1)).toBeNull();
    cleanup();
    edited.length = 0;
    show({
      useQuery: queryOf([{ id: 4, name: 'ana' }], []),
      dialog: (record) => {
        edited.push(record);
        return <p>dialog open</p>;
      },
      edit: { label: (row) => `Editar ${row.name}` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Editar ana' }));
    expect(edited.at(-1)).toEqual({ id: 4, name: 'ana' });
  });

  it('keeps only the rows in view in the document once a list is long, and draws others as it scrolls', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, name: `pessoa ${i + 1}` }));
    // jsdom lays nothing out: the list gets a 600 px tall window and its rows 44 px each.
    const height = jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const rowHeight = jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(44);
    try {
      show({ useQuery: queryOf(many, []) });
      const drawn = () => screen.getAllByRole('row').length;
      expect(drawn()).toBeLessThan(60);
      expect(screen.getByText('PESSOA 1')).toBeTruthy();
      expect(screen.queryByText('PESSOA 5000')).toBeNull();
      // Row 5,000 starts at 4,999 × 44 px.
      const scroller = screen.getByRole('table').parentElement!;
      await act(async () => {
        scroller.scrollTop = 4_999 * 44;
        fireEvent.scroll(scroller);
      });
      expect(screen.getByText('PESSOA 5000')).toBeTruthy();
      expect(screen.queryByText('PESSOA 1')).toBeNull();
      expect(drawn()).toBeLessThan(60);
    } finally {
      height.mockRestore();
      rowHeight.mockRestore();
    }
  });

  it('draws every row of a short list', () => {
    const few = Array.from({ length: VIRTUAL_FROM }, (_, i) => ({ id: i + 1, name: `pessoa ${i + 1}` }));
    show({ useQuery: queryOf(few, []) });
    // The header row and every body row.
    expect(screen.getAllByRole('row')).toHaveLength(VIRTUAL_FROM + 1);
  });
});
