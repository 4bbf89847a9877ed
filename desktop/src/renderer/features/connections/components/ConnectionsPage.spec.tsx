import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { WhatsappConnection } from '@atendo/shared';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';

const mutation = () => [() => ({ unwrap: () => Promise.resolve() }), { isLoading: false }];
let connections: Partial<WhatsappConnection>[] = [];
jest.unstable_mockModule('../connections.api', () => ({
  useListConnectionsQuery: () => ({ data: connections, isLoading: false, error: undefined }),
  useDeleteConnectionMutation: mutation,
  useDisconnectSessionMutation: mutation,
  useRequestNewQrMutation: mutation,
  useStartSessionMutation: mutation,
}));
// The dialogs open only on a click; this test reads the list.
jest.unstable_mockModule('./ConnectionModal', () => ({ ConnectionModal: () => null }));
jest.unstable_mockModule('./QrCodeModal', () => ({ QrCodeModal: () => null }));

const { ConnectionsPage } = await import('./ConnectionsPage');
const { default: i18n } = await import('../../../app/i18n');
const { createAppStore } = await import('../../../app/store');

const row = (id: number, name: string, status: WhatsappConnection['status']): Partial<WhatsappConnection> => ({
  id,
  name,
  status,
  isDefault: false,
  qrcode: '',
  retries: 0,
  updatedAt: '2026-05-01T12:00:00.000Z',
});

function show() {
  return render(
    <Provider store={createAppStore()}>
      <I18nextProvider i18n={i18n}>
        <FluentProvider theme={webLightTheme}>
          <ConnectionsPage />
        </FluentProvider>
      </I18nextProvider>
    </Provider>,
  );
}

describe('ConnectionsPage', () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('pt');
  });

  it.each([
    ['pt', 'Versão do WhatsApp desatualizada', /Peça ao administrador do servidor/],
    ['en', 'WhatsApp version outdated', /Ask the server administrator/],
    ['es', 'Versión de WhatsApp desactualizada', /Pida al administrador del servidor/],
  ])('says in %s that WhatsApp refused the version as too old, not just disconnected', async (lang, label, hint) => {
    await i18n.changeLanguage(lang);
    connections = [row(1, 'Sales', 'OUTDATED'), row(2, 'Support', 'DISCONNECTED')];
    show();
    expect(screen.getByText(label).closest('[data-status]')?.getAttribute('data-status')).toBe('OUTDATED');
    expect(screen.getAllByText(hint)).toHaveLength(1);
    expect(screen.getByText(i18n.t('connections.status.DISCONNECTED'))).toBeTruthy();
  });

  it.each([
    ['pt', 'No servidor node-b'],
    ['en', 'On server node-b'],
    ['es', 'En el servidor node-b'],
  ])('tells in %s which server node runs each session, and nothing for one that runs nowhere', async (lang, text) => {
    await i18n.changeLanguage(lang);
    connections = [
      { ...row(1, 'Sales', 'CONNECTED'), node: 'node-b' },
      { ...row(2, 'Support', 'DISCONNECTED'), node: null },
    ];
    show();
    expect(screen.getByText(text)).toBeTruthy();
    expect(document.querySelectorAll('[data-node]')).toHaveLength(1);
  });
});
