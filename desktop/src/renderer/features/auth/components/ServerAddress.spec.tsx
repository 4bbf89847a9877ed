import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { DesktopBridge, ServerCheckResult } from '@atendo/shared';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../../../app/i18n';
import { ServerAddress } from './ServerAddress';

/** The translation of `key`, failing the test when the key has none (i18next would echo the key). */
function text(key: string, params?: Record<string, unknown>): string {
  if (!i18n.exists(key)) throw new Error(`missing translation: ${key}`);
  return i18n.t(key, params ?? {});
}

/** A `window.desktop` whose server part answers from a script and records every call. */
function fakeDesktop({
  url = null,
  results = [],
  rejectSetUrl,
}: { url?: string | null; results?: ServerCheckResult[]; rejectSetUrl?: Error } = {}) {
  const calls: { method: 'getUrl' | 'setUrl'; args: unknown[] }[] = [];
  const unused = () => {
    throw new Error('not used by this component');
  };
  const bridge: DesktopBridge = {
    platform: 'linux',
    appVersion: '0.0.0-test',
    server: {
      getUrl: async () => {
        calls.push({ method: 'getUrl', args: [] });
        return url;
      },
      setUrl: async (address: string) => {
        calls.push({ method: 'setUrl', args: [address] });
        if (rejectSetUrl) throw rejectSetUrl;
        return results.shift() ?? { ok: false, error: 'unreachable' };
      },
    },
    auth: { login: unused, refresh: unused, logout: unused, isStorageSecure: unused },
    setUnreadCount: unused,
    notify: unused,
    dismissNotification: unused,
    setLanguage: unused,
    setComposing: unused,
    download: unused,
    onNavigate: unused,
    onSignOutRequest: unused,
    onResume: unused,
    onIdleChange: unused,
  };
  window.desktop = bridge;
  return { bridge, calls };
}

function renderServerAddress() {
  return render(
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={webLightTheme}>
        <ServerAddress>
          <p>login form</p>
        </ServerAddress>
      </FluentProvider>
    </I18nextProvider>,
  );
}

async function submitAddress(address: string) {
  const input = await screen.findByRole('textbox', { name: new RegExp(text('auth.server.address')) });
  fireEvent.change(input, { target: { value: address } });
  fireEvent.click(screen.getByRole('button', { name: text('auth.server.connect') }));
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  delete window.desktop;
});

describe('ServerAddress', () => {
  it('renders nothing of its own in a browser, where there is no desktop bridge', () => {
    delete window.desktop;
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <ServerAddress />
      </I18nextProvider>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('passes its children through in a browser', () => {
    delete window.desktop;
    renderServerAddress();
    expect(screen.getByText('login form')).toBeTruthy();
    expect(screen.queryByRole('button', { name: text('auth.server.change') })).toBeNull();
  });

  it('shows the first-run form instead of the login form when no server is set', async () => {
    const { calls } = fakeDesktop({ url: null });
    renderServerAddress();
    expect(await screen.findByText(text('auth.server.title'))).toBeTruthy();
    const input = screen.getByRole('textbox', { name: new RegExp(text('auth.server.address')) });
    expect(input.getAttribute('placeholder')).toBe(text('auth.server.placeholder'));
    expect(screen.queryByText('login form')).toBeNull();
    expect(calls).toEqual([{ method: 'getUrl', args: [] }]);
  });

  it('shows the configured server with a way to change it, next to the login form', async () => {
    fakeDesktop({ url: 'https://help.example.com' });
    renderServerAddress();
    expect(await screen.findByText(text('auth.server.current', { url: 'https://help.example.com' }))).toBeTruthy();
    expect(screen.getByText('login form')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: text('auth.server.change') }));
    const input = await screen.findByRole('textbox', { name: new RegExp(text('auth.server.address')) });
    expect((input as HTMLInputElement).value).toBe('https://help.example.com');
    expect(screen.queryByText('login form')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: text('common.cancel') }));
    expect(await screen.findByText('login form')).toBeTruthy();
  });

  it('calls setUrl with the typed address and says so when connected', async () => {
    const { calls } = fakeDesktop({ results: [{ ok: true, url: 'https://help.example.com' }] });
    renderServerAddress();
    await submitAddress('  help.example.com ');
    expect(await screen.findByText(text('auth.server.connected', { url: 'https://help.example.com' }))).toBeTruthy();
    expect(calls.filter((call) => call.method === 'setUrl')).toEqual([
      { method: 'setUrl', args: ['help.example.com'] },
    ]);
  });

  it('requires an address before asking the main process', async () => {
    const { calls } = fakeDesktop();
    renderServerAddress();
    await submitAddress('   ');
    expect(await screen.findByText(text('validation.required'))).toBeTruthy();
    expect(calls.some((call) => call.method === 'setUrl')).toBe(false);
  });

  it.each([
    ['invalid-url', 'auth.server.invalidUrl'],
    ['unreachable', 'auth.server.unreachable'],
    ['not-this-product', 'auth.server.notThisProduct'],
    ['certificate', 'auth.server.certificate'],
  ] as const)('explains a %s answer', async (error, key) => {
    const { calls } = fakeDesktop({ results: [{ ok: false, error }] });
    renderServerAddress();
    await submitAddress('help.example.com');
    expect(await screen.findByText(text(key))).toBeTruthy();
    expect(calls.filter((call) => call.method === 'setUrl')).toHaveLength(1);
    // The form stays usable for another try.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: text('auth.server.connect') }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('translates a rejection of the bridge call itself', async () => {
    fakeDesktop({ rejectSetUrl: new Error('ERR_IPC_INVALID_ARGUMENTS') });
    renderServerAddress();
    await submitAddress('help.example.com');
    expect(await screen.findByText(text('errors.ERR_IPC_INVALID_ARGUMENTS'))).toBeTruthy();
  });
});
