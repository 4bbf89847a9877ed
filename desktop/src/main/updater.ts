/** What the app knows of a downloaded update (electron-updater's UpdateInfo, narrowed). */
export interface UpdateInfoLike {
  version: string;
}

/** electron-updater's logger interface. */
export interface UpdaterLogger {
  info(message?: unknown): void;
  warn(message?: unknown): void;
  error(message?: unknown): void;
}

/** The part of electron-updater's `autoUpdater` the app uses. */
export interface AutoUpdaterPort {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  logger: UpdaterLogger | null;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'update-downloaded', listener: (info: UpdateInfoLike) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdaterLog {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
}

export interface UpdaterDeps {
  updater: AutoUpdaterPort;
  /** The Atendo server the app is set up for, whose /updates/ the updates come from. */
  getServerUrl(): string | null;
  /** Whether the agent is writing to a customer or colleague: a composer holds text or files not sent. */
  isComposing(): boolean;
  /** An update is downloaded and installs on quit; the agent may restart now. */
  onReady(version: string): void;
  /** "Restart now" was refused because the agent is writing. */
  onRestartRefused(): void;
  log: UpdaterLog;
  /** How often the server is asked again after the check at start. */
  intervalMs?: number;
  /** The first check waits this long, so it does not compete with the app's own start. */
  startDelayMs?: number;
}

export interface Updater {
  start(): void;
  stop(): void;
  /** Asks the server now; never rejects (failures are logged). */
  check(): Promise<void>;
  /** The version downloaded and waiting to install, or null. */
  readyVersion(): string | null;
  /** The agent's "Restart now": true when the app restarts into the update, false when refused. */
  restartNow(): boolean;
}

export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;
export const UPDATE_START_DELAY_MS = 60 * 1000;
/** electron-updater's code for a 404 on latest.yml: this server publishes no updates. */
const NO_UPDATES_PUBLISHED = 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND';

/**
 * Keeps the desktop app up to date from its own Atendo server (`<server>/updates/`, electron-updater's
 * `generic` provider, which the server serves from UPDATES_DIR or redirects to UPDATES_URL).
 *
 * The rule: an update is downloaded in the background and never interrupts the agent. It installs
 * when Atendo quits (autoInstallOnAppQuit), or when the agent chooses "Restart now" — and even
 * then not while a composer holds a message or files not yet sent, since the restart would lose
 * them in the middle of a conversation: the restart is refused and the agent told to send or clear
 * the message first (the update still installs on the next quit). Nothing restarts on a timer.
 */
export function createUpdater(deps: UpdaterDeps): Updater {
  const { updater, log, intervalMs = UPDATE_CHECK_INTERVAL_MS, startDelayMs = UPDATE_START_DELAY_MS } = deps;
  let feedUrl: string | null = null;
  let ready: string | null = null;
  let startTimer: ReturnType<typeof setTimeout> | null = null;
  let intervalTimer: ReturnType<typeof setInterval> | null = null;
  /** Servers already found to publish nothing: said once in the log, then silence. */
  const quietServers = new Set<string>();
  /** A failed check both rejects and emits 'error': each failure is logged once. */
  const reported = new WeakSet<object>();

  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  updater.logger = {
    info: (message) => log.info('[updater]', message),
    warn: (message) => log.warn('[updater]', message),
    // electron-updater echoes every 'error' event here as "Error: <stack>"; those are reported
    // below, once and classified (a server without updates is not an error). Anything else is kept.
    error: (message) => {
      if (typeof message === 'string' && message.startsWith('Error: ')) return;
      log.warn('[updater]', message);
    },
  };

  function report(error: unknown): void {
    if (error !== null && typeof error === 'object') {
      if (reported.has(error)) return;
      reported.add(error);
    }
    const code = (error as { code?: unknown } | null)?.code;
    if (code === NO_UPDATES_PUBLISHED) {
      if (feedUrl && !quietServers.has(feedUrl)) {
        quietServers.add(feedUrl);
        log.info(`No desktop updates are published at ${feedUrl}`);
      }
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    log.warn('Update check or download failed:', message);
  }

  updater.on('error', report);
  updater.on('update-downloaded', (info) => {
    if (ready === info.version) return;
    ready = info.version;
    log.info(`Update ${info.version} downloaded; it installs when Atendo quits`);
    deps.onReady(info.version);
  });

  async function check(): Promise<void> {
    const server = deps.getServerUrl();
    // Not set up yet (first-run screen): there is no server to ask.
    if (!server) return;
    const url = `${server}/updates`;
    if (url !== feedUrl) {
      updater.setFeedURL({ provider: 'generic', url });
      feedUrl = url;
    }
    try {
      await updater.checkForUpdates();
    } catch (error) {
      report(error);
    }
  }

  function stop(): void {
    if (startTimer) clearTimeout(startTimer);
    if (intervalTimer) clearInterval(intervalTimer);
    startTimer = null;
    intervalTimer = null;
  }

  return {
    start() {
      if (startTimer || intervalTimer) return;
      startTimer = setTimeout(() => {
        startTimer = null;
        void check();
      }, startDelayMs);
      intervalTimer = setInterval(() => void check(), intervalMs);
      // Timers alone never keep the app alive (Electron's app lifetime decides that).
      startTimer.unref?.();
      intervalTimer.unref?.();
    },
    stop,
    check,
    readyVersion: () => ready,
    restartNow() {
      if (!ready) return false;
      if (deps.isComposing()) {
        log.info('Restart into the update refused: a message is being written');
        deps.onRestartRefused();
        return false;
      }
      log.info(`Restarting into update ${ready}`);
      stop();
      // Not silent on Windows: the installer shows its progress; the app runs again after it.
      updater.quitAndInstall(false, true);
      return true;
    },
  };
}
