import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { defaultSettings, isPlatformSetting, type SettingEntry } from '@atendo/shared';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';

let settings: SettingEntry[] = [];
jest.unstable_mockModule('../settings.api', () => ({
  useListSettingsQuery: () => ({ data: settings, isLoading: false, error: undefined }),
  useUpdateSettingMutation: () => [() => ({ unwrap: () => Promise.resolve() }), { isLoading: false }],
}));

const { OptionsTab } = await import('./OptionsTab');
const { default: i18n } = await import('../../../app/i18n');
const { createAppStore } = await import('../../../app/store');

function show(listed: SettingEntry[]) {
  settings = listed;
  return render(
    <Provider store={createAppStore()}>
      <I18nextProvider i18n={i18n}>
        <FluentProvider theme={webLightTheme}>
          <OptionsTab />
        </FluentProvider>
      </I18nextProvider>
    </Provider>,
  );
}

const paymentKey = () => screen.queryByLabelText(i18n.t('settings.keys.asaas'));

afterEach(cleanup);

describe('OptionsTab', () => {
  it("shows the payment provider's key only when the server lists it (the platform company)", () => {
    show(defaultSettings());
    expect(paymentKey()).toBeTruthy();
    cleanup();
    // Another company's settings come without the platform's keys: no field that would do nothing.
    show(defaultSettings().filter(({ key }) => !isPlatformSetting(key)));
    expect(paymentKey()).toBeNull();
    expect(screen.getByRole('combobox', { name: i18n.t('settings.keys.userRating') })).toBeTruthy();
  });
});
