import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
/* eslint-disable no-restricted-imports -- jsdom lacks the TextEncoder the router needs; Node's stands in, in this test only. */
import { TextEncoder } from 'node:util';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { flowOf } from '../flows.fixtures';

const FLOWS = [flowOf(7, 'Boas-vindas', { active: true, version: 3 }), flowOf(8, 'Pós-venda')];

/** What each mutation was called with, by name. */
const calls: Record<string, unknown[]> = {};
function mutation(name: string, answer: (arg: unknown) => unknown) {
  return () => [
    (arg: unknown) => {
      (calls[name] ??= []).push(arg);
      return { unwrap: () => Promise.resolve(answer(arg)) };
    },
    { isLoading: false },
  ];
}

jest.unstable_mockModule('../flows.api', () => ({
  usePageFlowsInfiniteQuery: () => ({
    data: { pages: [{ flows: FLOWS, count: FLOWS.length, hasMore: false }] },
    isLoading: false,
    isFetching: false,
    hasNextPage: false,
    fetchNextPage: () => undefined,
  }),
  useCreateFlowMutation: mutation('create', (arg) => flowOf(9, (arg as { name: string }).name)),
  useRenameFlowMutation: mutation('rename', (arg) => flowOf(7, (arg as { name: string }).name)),
  useDuplicateFlowMutation: mutation('duplicate', () => flowOf(10, 'Boas-vindas (cópia)')),
  useDeleteFlowMutation: mutation('delete', () => ({ message: 'ok' })),
}));

Object.assign(globalThis, { TextEncoder });
const { MemoryRouter, Route, Routes, useLocation } = await import('react-router');
const { FlowsPage } = await import('./FlowsPage');
const { default: i18n } = await import('../../../app/i18n');
const { createAppStore } = await import('../../../app/store');

function Address() {
  const { pathname } = useLocation();
  return <output aria-label="address">{pathname}</output>;
}

function show() {
  return render(
    <Provider store={createAppStore()}>
      <I18nextProvider i18n={i18n}>
        <FluentProvider theme={webLightTheme}>
          <MemoryRouter initialEntries={['/flowbuilders']}>
            <Routes>
              <Route path="/flowbuilders" element={<FlowsPage />} />
              <Route path="/flowbuilder/:id" element={<Address />} />
            </Routes>
          </MemoryRouter>
        </FluentProvider>
      </I18nextProvider>
    </Provider>,
  );
}

const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(key, options);
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

async function openMenuItem(name: string, item: string) {
  fireEvent.click(screen.getByRole('button', { name: t('flows.menuNamed', { name }) }));
  fireEvent.click(await screen.findByRole('menuitem', { name: t(item) }));
}

afterEach(() => {
  cleanup();
  for (const key of Object.keys(calls)) delete calls[key];
});

describe('FlowsPage', () => {
  it('lists each flow with its status and how many versions it has', () => {
    show();
    expect(screen.getByRole('heading', { name: t('flows.title') })).toBeTruthy();
    const first = within(row('Boas-vindas'));
    expect(first.getByText(t('flows.status.active'))).toBeTruthy();
    expect(first.getByText('3')).toBeTruthy();
    expect(within(row('Pós-venda')).getByText(t('flows.status.inactive'))).toBeTruthy();
  });

  it('opens the flow builder of a row that is clicked, and from its link', () => {
    show();
    fireEvent.click(within(row('Pós-venda')).getByText(t('flows.status.inactive')));
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/flowbuilder/8');
    cleanup();
    show();
    expect(screen.getByRole('link', { name: 'Boas-vindas' }).getAttribute('href')).toBe('/flowbuilder/7');
  });

  it("opens the flow builder from the row menu's Edit flow, without the row's own click", async () => {
    show();
    await openMenuItem('Boas-vindas', 'flows.actions.edit');
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/flowbuilder/7');
  });

  it('renames a flow from its menu, the dialog starting from its name', async () => {
    show();
    await openMenuItem('Boas-vindas', 'flows.actions.rename');
    const dialog = screen.getByRole('dialog', { name: t('flows.modal.renameTitle') });
    const name = within(dialog).getByRole('textbox');
    expect((name as HTMLInputElement).value).toBe('Boas-vindas');
    fireEvent.change(name, { target: { value: '  Recepção ' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: t('common.save') }));
    });
    await waitFor(() => expect(calls.rename).toEqual([{ flowId: 7, name: 'Recepção' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The menu's own click on the row did not open the flow.
    expect(screen.queryByRole('status', { name: 'address' })).toBeNull();
  });

  it('asks for a name before adding a flow', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: t('flows.add') }));
    const dialog = screen.getByRole('dialog', { name: t('flows.modal.addTitle') });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: t('common.save') }));
    });
    expect(await within(dialog).findByText(t('flows.validation.nameRequired'))).toBeTruthy();
    expect(calls.create).toBeUndefined();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Cobrança' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: t('common.save') }));
    });
    await waitFor(() => expect(calls.create).toEqual([{ name: 'Cobrança' }]));
  });

  it('duplicates a flow, and deletes one once confirmed', async () => {
    show();
    await openMenuItem('Boas-vindas', 'flows.actions.duplicate');
    await waitFor(() => expect(calls.duplicate).toEqual([7]));

    // A flow conversations run on says what becomes of them.
    await openMenuItem('Boas-vindas', 'flows.actions.delete');
    const running = screen.getByRole('alertdialog', { name: t('flows.deleteTitle', { name: 'Boas-vindas' }) });
    expect(within(running).getByText(t('flows.deleteActiveMessage'))).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(running).getByRole('button', { name: t('common.cancel') }));
    });

    await openMenuItem('Pós-venda', 'flows.actions.delete');
    const question = screen.getByRole('alertdialog', { name: t('flows.deleteTitle', { name: 'Pós-venda' }) });
    expect(within(question).getByText(t('flows.deleteMessage'))).toBeTruthy();
    expect(calls.delete).toBeUndefined();
    await act(async () => {
      fireEvent.click(within(question).getByRole('button', { name: t('common.delete') }));
    });
    await waitFor(() => expect(calls.delete).toEqual([8]));
  });
});
