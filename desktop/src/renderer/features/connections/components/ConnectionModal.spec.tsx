import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { SessionUser, WhatsappConnection } from '@atendo/shared';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';

const calls: Record<string, unknown[]> = {};
function mutation(name: string) {
  return () => [
    (arg: unknown) => {
      (calls[name] ??= []).push(arg);
      return { unwrap: () => Promise.resolve({ id: 7, ...(arg as object) }) };
    },
    { isLoading: false },
  ];
}

jest.unstable_mockModule('../connections.api', () => ({
  useCreateConnectionMutation: mutation('create'),
  useUpdateConnectionMutation: mutation('update'),
}));
jest.unstable_mockModule('../../queues/queues.api', () => ({
  useListQueuesQuery: () => ({ data: [], isLoading: false }),
}));
jest.unstable_mockModule('../../queue-integrations/components/AttachSelects', () => ({
  AttachSelects: () => null,
}));

const { ConnectionModal, generateToken } = await import('./ConnectionModal');
const { default: i18n } = await import('../../../app/i18n');
const { createAppStore } = await import('../../../app/store');
const { sessionUserLoaded } = await import('../../auth/auth.slice');

function show(connection: WhatsappConnection | null = null) {
  const store = createAppStore();
  store.dispatch(
    sessionUserLoaded({ id: 1, profile: 'admin', super: false, company: { settings: [] } } as unknown as SessionUser),
  );
  return render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <FluentProvider theme={webLightTheme}>
          <ConnectionModal connection={connection} onClose={() => undefined} />
        </FluentProvider>
      </I18nextProvider>
    </Provider>,
  );
}

const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(key, options);
const tokenBox = () => screen.getByRole('textbox', { name: t('connections.fields.token') }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: t('common.save') }));

afterEach(() => {
  cleanup();
  for (const key of Object.keys(calls)) delete calls[key];
});

describe('ConnectionModal token', () => {
  it('generates strong tokens, each new', () => {
    const tokens = new Set(Array.from({ length: 20 }, () => generateToken()));
    expect(tokens.size).toBe(20);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('starts a new connection with a generated token, says the minimum, and refuses a shorter one', async () => {
    show();
    expect(tokenBox().value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(screen.getByText(t('connections.modal.tokenHint', { min: 32 }))).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: t('connections.fields.name') }), {
      target: { value: 'Loja' },
    });
    fireEvent.change(tokenBox(), { target: { value: 'curto' } });
    save();
    expect(await screen.findByText(t('validation.tooShort', { min: 32 }))).toBeTruthy();
    expect(calls.create).toBeUndefined();

    // Generating one clears the error, and the form sends it.
    fireEvent.click(screen.getByRole('button', { name: t('connections.modal.regenerateToken') }));
    const generated = tokenBox().value;
    expect(generated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    save();
    await waitFor(() => expect(calls.create).toHaveLength(1));
    expect(calls.create[0]).toMatchObject({ name: 'Loja', token: generated });
  });

  it("keeps an older connection's short token as it is, but not a new short one", async () => {
    show({
      id: 3,
      name: 'Antiga',
      token: 'velho',
      provider: 'beta',
      isDefault: true,
      queues: [],
      schedules: [],
    } as unknown as WhatsappConnection);
    expect(tokenBox().value).toBe('velho');
    save();
    await waitFor(() => expect(calls.update).toHaveLength(1));
    expect(calls.update[0]).toMatchObject({ id: 3, changes: { token: 'velho' } });
    fireEvent.change(tokenBox(), { target: { value: 'novo' } });
    save();
    expect(await screen.findByText(t('validation.tooShort', { min: 32 }))).toBeTruthy();
    expect(calls.update).toHaveLength(1);
  });
});
