import { MemoryStore, fakeSafeStorage } from './test-fakes.js';
import { createTokenStore } from './token-store.js';

describe('token store', () => {
  it('persists the refresh token encrypted (base64 of safeStorage output) and reads it back', () => {
    const store = new MemoryStore();
    const tokens = createTokenStore({ safeStorage: fakeSafeStorage(), store, platform: 'darwin' });
    expect(tokens.isSecure()).toBe(true);
    tokens.save('refresh-1');

    const persisted = store.get('encryptedRefreshToken');
    expect(persisted).toBe(Buffer.from('enc:refresh-1').toString('base64'));
    expect(persisted).not.toContain('refresh-1');

    // A new launch reads the same file.
    const nextLaunch = createTokenStore({ safeStorage: fakeSafeStorage(), store, platform: 'darwin' });
    expect(nextLaunch.read()).toBe('refresh-1');
  });

  it('wipes both the persisted and the in-memory token', () => {
    const store = new MemoryStore();
    const tokens = createTokenStore({ safeStorage: fakeSafeStorage(), store, platform: 'win32' });
    tokens.save('refresh-1');
    tokens.wipe();
    expect(tokens.read()).toBeNull();
    expect(store.get('encryptedRefreshToken')).toBeUndefined();
    expect(createTokenStore({ safeStorage: fakeSafeStorage(), store, platform: 'win32' }).read()).toBeNull();
  });

  it('keeps the token in memory only when encryption is unavailable', () => {
    const store = new MemoryStore();
    const tokens = createTokenStore({ safeStorage: fakeSafeStorage({ available: false }), store, platform: 'win32' });
    expect(tokens.isSecure()).toBe(false);
    tokens.save('refresh-1');
    expect(tokens.read()).toBe('refresh-1');
    expect(store.values.size).toBe(0);
    expect(
      createTokenStore({ safeStorage: fakeSafeStorage({ available: false }), store, platform: 'win32' }).read(),
    ).toBeNull();
  });

  it("treats Linux's basic_text backend as no keyring", () => {
    const store = new MemoryStore();
    const tokens = createTokenStore({
      safeStorage: fakeSafeStorage({ backend: 'basic_text' }),
      store,
      platform: 'linux',
    });
    expect(tokens.isSecure()).toBe(false);
    tokens.save('refresh-1');
    expect(store.values.size).toBe(0);
    expect(tokens.read()).toBe('refresh-1');
  });

  it('drops a token saved under a keyring that is gone now', () => {
    const store = new MemoryStore();
    createTokenStore({ safeStorage: fakeSafeStorage(), store, platform: 'linux' }).save('refresh-1');
    const withoutKeyring = createTokenStore({
      safeStorage: fakeSafeStorage({ backend: 'basic_text' }),
      store,
      platform: 'linux',
    });
    expect(withoutKeyring.read()).toBeNull();
    expect(store.get('encryptedRefreshToken')).toBeUndefined();
  });

  it('drops a token that no longer decrypts', () => {
    const store = new MemoryStore();
    store.set('encryptedRefreshToken', Buffer.from('garbage').toString('base64'));
    const tokens = createTokenStore({ safeStorage: fakeSafeStorage(), store, platform: 'darwin' });
    expect(tokens.read()).toBeNull();
    expect(store.get('encryptedRefreshToken')).toBeUndefined();
  });
});
