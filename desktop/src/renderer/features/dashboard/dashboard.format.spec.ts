import { describe, expect, it } from '@jest/globals';
import { DASHBOARD_MESSAGES, LANGUAGES } from '@atendo/shared';
import i18n from 'i18next';
import { resources } from '../../locales/all';
import { formatMinutes, isoDay, monthSoFar } from './dashboard.format';

const en = i18n.createInstance();
void en.init({ resources, lng: 'en', interpolation: { escapeValue: false } });

describe('dashboard formats', () => {
  it('reads average times in minutes, then hours and minutes', () => {
    const t = en.t.bind(en);
    expect(formatMinutes(t, 0)).toBe('0 min');
    expect(formatMinutes(t, 0.4)).toBe('< 1 min');
    expect(formatMinutes(t, 14.6)).toBe('15 min');
    expect(formatMinutes(t, 65)).toBe('1 h 05 min');
    expect(formatMinutes(t, 600)).toBe('10 h 00 min');
  });

  it('opens on the current month so far, in local days', () => {
    expect(monthSoFar(new Date(2026, 10, 21, 23, 30))).toEqual({ from: '2026-11-01', to: '2026-11-21' });
    expect(isoDay(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it("translates the filter's messages in every language", () => {
    for (const lang of LANGUAGES) {
      const instance = i18n.createInstance();
      void instance.init({ resources, lng: lang, fallbackLng: false });
      for (const key of Object.values(DASHBOARD_MESSAGES)) expect(instance.exists(key)).toBe(true);
    }
  });
});
