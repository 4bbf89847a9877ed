import { jittered, nextUtcMidnight, paceRules, pacingOff, rateLimitPauseMs, utcDay, waitAfterSend } from './pacing.js';

const rules = { messageInterval: 20, longerIntervalAfter: 3, greaterInterval: 60, dailyLimit: 500 };
const middle = () => 0.5;

describe('campaign pacing', () => {
  it('waits messageInterval after each send and greaterInterval after every longerIntervalAfter-th', () => {
    const waits: number[] = [];
    let run = 0;
    for (let i = 0; i < 7; i++) {
      const next = waitAfterSend(run, rules, middle);
      waits.push(next.waitMs);
      run = next.sentInRun;
    }
    expect(waits).toEqual([20_000, 20_000, 60_000, 20_000, 20_000, 60_000, 20_000]);
  });

  it('never waits long when longerIntervalAfter is 0', () => {
    let run = 0;
    for (let i = 0; i < 50; i++) {
      const next = waitAfterSend(run, { ...rules, longerIntervalAfter: 0 }, middle);
      expect(next.waitMs).toBe(20_000);
      run = next.sentInRun;
    }
  });

  it('draws each wait within ±20%, and none at all for 0', () => {
    expect(jittered(10_000, () => 0)).toBe(8_000);
    expect(jittered(10_000, () => 0.999999)).toBe(12_000);
    expect(jittered(0, () => 0.7)).toBe(0);
  });

  it('is off only with no wait of either kind', () => {
    expect(pacingOff({ ...rules, messageInterval: 0, greaterInterval: 0 })).toBe(true);
    expect(pacingOff({ ...rules, messageInterval: 0, longerIntervalAfter: 0 })).toBe(true);
    expect(pacingOff({ ...rules, messageInterval: 0 })).toBe(false);
    expect(pacingOff(rules)).toBe(false);
  });

  it("caps the company's daily limit at the server's, 0 meaning the server's", () => {
    const settings = { messageInterval: 5, longerIntervalAfter: 10, greaterInterval: 30, variables: [] };
    expect(paceRules({ ...settings, dailyLimit: 0 }, 1000).dailyLimit).toBe(1000);
    expect(paceRules({ ...settings, dailyLimit: 40 }, 1000).dailyLimit).toBe(40);
    expect(paceRules({ ...settings, dailyLimit: 5000 }, 1000).dailyLimit).toBe(1000);
  });

  it('doubles the rate-limit pause with each answer in a row, up to 30 minutes', () => {
    expect([0, 1, 2, 3, 10].map(rateLimitPauseMs)).toEqual([60_000, 120_000, 240_000, 480_000, 1_800_000]);
  });

  it('counts days in UTC', () => {
    const late = new Date('2026-11-24T23:59:59.900Z');
    expect(utcDay(late)).toBe('2026-11-24');
    expect(nextUtcMidnight(late).toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });
});
