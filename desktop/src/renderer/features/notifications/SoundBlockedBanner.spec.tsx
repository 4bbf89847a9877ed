import { afterEach, describe, expect, it } from '@jest/globals';
import type { AuthResponse } from '@atendo/shared';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import i18n from '../../app/i18n';
import { createAppStore } from '../../app/store';
import { sessionStarted } from '../auth/auth.slice';
import { SoundBlockedBanner } from './SoundBlockedBanner';

/** The browser's audio as the autoplay rule leaves it: suspended until resumed from a click, where it may. */
const audio = { state: 'suspended' as AudioContextState, resumable: true };
class FakeAudioContext {
  get state() {
    return audio.state;
  }
  addEventListener() {}
  async resume() {
    if (audio.resumable) audio.state = 'running';
  }
}
(window as unknown as { AudioContext: unknown }).AudioContext = FakeAudioContext;
// jsdom has no layout: the message bar watches its size all the same.
(window as unknown as { ResizeObserver: unknown }).ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

function renderBanner() {
  const store = createAppStore();
  store.dispatch(sessionStarted({ token: 't', user: { id: 1, name: 'Ana' } } as unknown as AuthResponse));
  return render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <FluentProvider theme={webLightTheme}>
          <SoundBlockedBanner />
        </FluentProvider>
      </I18nextProvider>
    </Provider>,
  );
}

afterEach(cleanup);

describe('the alert sound held back by the browser', () => {
  it('says so, and lets it play from its button', async () => {
    audio.state = 'suspended';
    renderBanner();
    expect(await screen.findByText('The browser blocked the alert sound', {}, { timeout: 2000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Allow sound' }));
    await waitFor(() => expect(screen.queryByText('The browser blocked the alert sound')).toBeNull());
    expect(audio.state).toBe('running');
  });

  it('stays when the browser still refuses, and says nothing where sound plays', async () => {
    audio.state = 'suspended';
    audio.resumable = false;
    renderBanner();
    fireEvent.click(await screen.findByRole('button', { name: 'Allow sound' }, { timeout: 2000 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('The browser blocked the alert sound')).toBeTruthy();
    cleanup();
    audio.state = 'running';
    renderBanner();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('The browser blocked the alert sound')).toBeNull();
  });
});
