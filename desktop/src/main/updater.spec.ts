import { jest } from '@jest/globals';
import { FakeAutoUpdater } from './test-fakes.js';
import { createUpdater, UPDATE_CHECK_INTERVAL_MS, UPDATE_START_DELAY_MS } from './updater.js';

function notFound(): Error {
  return Object.assign(new Error('Cannot find channel "latest.yml" update info: HttpError: 404'), {
    code: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
  });
}

function setup(options: { serverUrl?: string | null; composing?: boolean } = {}) {
  const updater = new FakeAutoUpdater();
  const state = { serverUrl: options.serverUrl === undefined ? 'https://atendo.example.com' : options.serverUrl };
  const events: string[] = [];
  const lines: Array<['info' | 'warn', string]> = [];
  let composing = options.composing ?? false;
  const log = {
    info: (...args: unknown[]) => void lines.push(['info', args.map(String).join(' ')]),
    warn: (...args: unknown[]) => void lines.push(['warn', args.map(String).join(' ')]),
  };
  const subject = createUpdater({
    updater,
    getServerUrl: () => state.serverUrl,
    isComposing: () => composing,
    onReady: (version) => void events.push(`ready:${version}`),
    onRestartRefused: () => void events.push('refused'),
    log,
  });
  return {
    updater,
    subject,
    state,
    events,
    lines,
    setComposing: (value: boolean) => void (composing = value),
    settle: () => new Promise((resolve) => setTimeout(resolve, 0)),
  };
}

describe('updater', () => {
  afterEach(() => jest.useRealTimers());

  it('downloads in the background and installs on quit, from the server the app is set up for', () => {
    const { updater } = setup();
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });

  it('asks <server>/updates, notifies once the update is downloaded, and keeps it for the quit', async () => {
    const { updater, subject, events, settle } = setup();
    updater.next = { version: '1.3.0' };
    await subject.check();
    await settle();
    expect(updater.feeds).toEqual(['generic https://atendo.example.com/updates']);
    expect(events).toEqual(['ready:1.3.0']);
    expect(subject.readyVersion()).toBe('1.3.0');
    // Downloaded is not installed: nothing restarts by itself.
    expect(updater.installs).toEqual([]);
    // A later check finding the same version does not notify again.
    await subject.check();
    await settle();
    expect(events).toEqual(['ready:1.3.0']);
    expect(updater.feeds).toHaveLength(1);
  });

  it('follows a change of server before the next check', async () => {
    const { updater, subject, state } = setup();
    await subject.check();
    state.serverUrl = 'https://other.example.com/atendo';
    await subject.check();
    expect(updater.feeds).toEqual([
      'generic https://atendo.example.com/updates',
      'generic https://other.example.com/atendo/updates',
    ]);
  });

  it('does not check before a server is set up', async () => {
    const { updater, subject } = setup({ serverUrl: null });
    await subject.check();
    expect(updater.checks).toBe(0);
    expect(updater.feeds).toEqual([]);
  });

  it('checks a while after the start, then periodically, and stops', async () => {
    jest.useFakeTimers();
    const { updater, subject } = setup();
    subject.start();
    subject.start();
    expect(updater.checks).toBe(0);
    await jest.advanceTimersByTimeAsync(UPDATE_START_DELAY_MS);
    expect(updater.checks).toBe(1);
    await jest.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(updater.checks).toBe(2);
    subject.stop();
    await jest.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 3);
    expect(updater.checks).toBe(2);
  });

  it('restarts into the update only when asked and nothing is being written', async () => {
    const { updater, subject, events, settle, setComposing } = setup({ composing: true });
    // Nothing downloaded: nothing to restart into.
    expect(subject.restartNow()).toBe(false);
    updater.next = { version: '1.3.0' };
    await subject.check();
    await settle();
    // A message not yet sent: refused, the agent is told, the update waits for the quit.
    expect(subject.restartNow()).toBe(false);
    expect(events).toEqual(['ready:1.3.0', 'refused']);
    expect(updater.installs).toEqual([]);
    setComposing(false);
    expect(subject.restartNow()).toBe(true);
    expect(updater.installs).toEqual([[false, true]]);
  });

  it('logs a failed check or download once, and never throws', async () => {
    const { updater, subject, lines } = setup();
    updater.next = { error: new Error('net::ERR_CONNECTION_RESET') };
    await expect(subject.check()).resolves.toBeUndefined();
    expect(lines).toEqual([['warn', 'Update check or download failed: net::ERR_CONNECTION_RESET']]);
    // A download failing in the background comes only as an event.
    updater.emit('error', new Error('sha512 checksum mismatch'));
    expect(lines.at(-1)).toEqual(['warn', 'Update check or download failed: sha512 checksum mismatch']);
  });

  it('stays quiet when the server publishes no updates (404 on latest.yml)', async () => {
    const { updater, subject, lines, events } = setup();
    updater.next = { error: notFound() };
    await subject.check();
    await subject.check();
    await subject.check();
    expect(lines).toEqual([['info', 'No desktop updates are published at https://atendo.example.com/updates']]);
    expect(events).toEqual([]);
  });

  it("passes electron-updater's own messages to the log", () => {
    const { updater, lines } = setup();
    updater.logger?.info('Checking for update');
    updater.logger?.error('Cannot download differentially, fallback to full download');
    expect(lines).toEqual([
      ['info', '[updater] Checking for update'],
      ['warn', '[updater] Cannot download differentially, fallback to full download'],
    ]);
  });
});
