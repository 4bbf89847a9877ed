import { jest } from '@jest/globals';
import { createIdleMonitor, type SystemIdleState } from './idle-monitor.js';

afterEach(() => {
  jest.useRealTimers();
});

describe('idle monitor', () => {
  it('reports only changes, counting a locked screen as away and unknown as present', () => {
    jest.useFakeTimers();
    let state: SystemIdleState = 'active';
    const thresholds: number[] = [];
    const changes: boolean[] = [];
    const monitor = createIdleMonitor({
      getSystemIdleState: (threshold) => {
        thresholds.push(threshold);
        return state;
      },
      onChange: (idle) => void changes.push(idle),
      thresholdSeconds: 300,
      pollMs: 1000,
    });
    monitor.start();
    jest.advanceTimersByTime(1000);
    state = 'idle';
    jest.advanceTimersByTime(3000);
    expect(monitor.isIdle()).toBe(true);
    state = 'locked';
    jest.advanceTimersByTime(1000);
    state = 'active';
    jest.advanceTimersByTime(1000);
    state = 'unknown';
    jest.advanceTimersByTime(1000);
    expect(changes).toEqual([true, false]);
    expect(new Set(thresholds)).toEqual(new Set([300]));

    monitor.stop();
    state = 'idle';
    jest.advanceTimersByTime(5000);
    expect(changes).toEqual([true, false]);
  });
});
