import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { SessionUser } from '@atendo/shared';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { campaignOf } from '../flow-campaigns.fixtures';

const CAMPAIGNS = [campaignOf(1, 'Black Friday'), campaignOf(2, 'Natal', { status: false, phrase: 'feliz natal' })];

const calls: Record<string, unknown[]> = {};
function mutation(name: string) {
  return () => [
    (arg: unknown) => {
      (calls[name] ??= []).push(arg);
      return { unwrap: () => Promise.resolve(arg) };
    },
    { isLoading: false },
  ];
}

jest.unstable_mockModule('../flow-campaigns.api', () => ({
  useListFlowCampaignsQuery: () => ({ data: CAMPAIGNS, isLoading: false, isFetching: false }),
  useCreateFlowCampaignMutation: mutation('create'),
  useUpdateFlowCampaignMutation: mutation('update'),
  useDeleteFlowCampaignMutation: mutation('delete'),
}));
jest.unstable_mockModule('../../flows/flows.api', () => ({
  usePageFlowsInfiniteQuery: () => ({
    data: { pages: [{ flows: [{ id: 10, name: 'Vendas' }], count: 1, hasMore: false }] },
    isFetching: false,
  }),
}));
jest.unstable_mockModule('../../connections/connections.api', () => ({
  useListConnectionsQuery: () => ({ data: [{ id: 20, name: 'Loja' }], isLoading: false }),
}));

const { FlowCampaignsPage } = await import('./FlowCampaignsPage');
const { default: i18n } = await import('../../../app/i18n');
const { createAppStore } = await import('../../../app/store');
const { sessionUserLoaded } = await import('../../auth/auth.slice');

/** The page's actions are for whoever keeps the flows: an admin is signed in to the store. */
function show() {
  const store = createAppStore();
  store.dispatch(
    sessionUserLoaded({ id: 1, profile: 'admin', super: false, company: { settings: [] } } as unknown as SessionUser),
  );
  return render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <FluentProvider theme={webLightTheme}>
          <FlowCampaignsPage />
        </FluentProvider>
      </I18nextProvider>
    </Provider>,
  );
}

const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(key, options);
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

afterEach(() => {
  cleanup();
  for (const key of Object.keys(calls)) delete calls[key];
});

describe('FlowCampaignsPage', () => {
  it('lists each phrase with its flow, connection and status', () => {
    show();
    const first = within(row('Black Friday'));
    expect(first.getByText('Vendas')).toBeTruthy();
    expect(first.getByText('Loja')).toBeTruthy();
    expect(first.getByText('quero comprar')).toBeTruthy();
    expect(first.getByText(t('flowCampaigns.status.active'))).toBeTruthy();
    expect(within(row('Natal')).getByText(t('flowCampaigns.status.inactive'))).toBeTruthy();
  });

  it('starts a new phrase active, and asks for its name, flow, connection and phrase', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: t('flowCampaigns.add') }));
    const dialog = screen.getByRole('dialog', { name: t('flowCampaigns.modal.addTitle') });
    expect((within(dialog).getByRole('switch') as HTMLInputElement).checked).toBe(true);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: t('common.save') }));
    });
    expect(await within(dialog).findAllByText(t('validation.required'))).toHaveLength(4);
    expect(calls.create).toBeUndefined();
  });

  it('saves a changed phrase with its id, switched off', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: t('flowCampaigns.editNamed', { name: 'Black Friday' }) }));
    const dialog = screen.getByRole('dialog', { name: t('flowCampaigns.modal.editTitle') });
    expect((within(dialog).getByRole('combobox', { name: /Flow|Fluxo/ }) as HTMLInputElement).value).toBe('Vendas');
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(t('flowCampaigns.fields.phrase')) }), {
      target: { value: ' quero o desconto ' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: t('common.save') }));
    });
    await waitFor(() =>
      expect(calls.update).toEqual([
        { id: 1, name: 'Black Friday', flowId: 10, whatsappId: 20, phrase: 'quero o desconto', status: false },
      ]),
    );
  });

  it('deletes a phrase once confirmed', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: t('flowCampaigns.deleteNamed', { name: 'Natal' }) }));
    const question = screen.getByRole('alertdialog', { name: t('flowCampaigns.deleteTitle', { name: 'Natal' }) });
    await act(async () => {
      fireEvent.click(within(question).getByRole('button', { name: t('common.delete') }));
    });
    await waitFor(() => expect(calls.delete).toEqual([2]));
  });
});
