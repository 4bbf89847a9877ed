import type { AuthResponse, LoginRequest } from './auth/auth.types.js';
import type { Language } from './common/common.types.js';

export type DesktopPlatform = 'darwin' | 'win32' | 'linux';

export interface ServerCheckResult {
  ok: boolean;
  /** The normalised URL (scheme added, trailing slash removed) when ok. */
  url?: string;
  error?: 'invalid-url' | 'unreachable' | 'not-this-product' | 'certificate';
}

/** A native notification for one ticket; `tag` groups the notifications of that ticket into one. */
export interface DesktopNotification {
  title: string;
  body: string;
  /** The app route a click opens (`/tickets/{uuid}`). */
  route: string;
  tag: string;
}

export interface UnreadBadgeOptions {
  /**
   * The count is the last one known, not a live one (the app is offline): the badge shows that
   * there is something unread without claiming a number that may be wrong by now.
   */
  stale?: boolean;
}

/**
 * What the Electron preload exposes as `window.desktop`. The renderer treats it as optional: in a
 * browser it is undefined and every desktop feature falls back or stays off.
 */
export interface DesktopBridge {
  readonly platform: DesktopPlatform;
  readonly appVersion: string;
  server: {
    /** The server the app talks to, or null before the first-run screen has set one. */
    getUrl(): Promise<string | null>;
    /** Checks the address against the server's health route, and remembers it when it answers. */
    setUrl(url: string): Promise<ServerCheckResult>;
  };
  /**
   * Sign-in through the main process, which keeps the refresh token encrypted out of the
   * renderer's reach. Resolves with the access token and user, or rejects with the server's error.
   */
  auth: {
    login(credentials: LoginRequest): Promise<AuthResponse>;
    refresh(): Promise<AuthResponse>;
    logout(accessToken: string | null): Promise<void>;
    /**
     * Whether the refresh token survives a restart: false where the OS offers no keyring, in which
     * case the token is kept only until the app quits and the UI says so.
     */
    isStorageSecure(): Promise<boolean>;
  };
  /** Tickets with unread messages this agent may see: dock badge, taskbar overlay, tray icon. */
  setUnreadCount(count: number, options?: UnreadBadgeOptions): void;
  notify(notification: DesktopNotification): void;
  /** The ticket of `tag` has been read: its notification, if still shown, is out of date. */
  dismissNotification(tag: string): void;
  /** The language the renderer shows, so the tray menu and badge texts match it. */
  setLanguage(language: Language): void;
  /**
   * Whether a composer holds a message or files not sent yet: the app does not restart into an
   * update meanwhile (the restart would lose them).
   */
  setComposing(composing: boolean): void;
  /** Saves a media file of the server through the system's save dialog. */
  download(url: string): void;
  /** Called when the main process asks the renderer to open a route (notification click, deep link). */
  onNavigate(listener: (route: string) => void): () => void;
  /** The tray menu's "Sign out". */
  onSignOutRequest(listener: () => void): () => void;
  /** The computer woke from sleep: connections may be dead without knowing it. */
  onResume(listener: () => void): () => void;
  /** The agent went away from the computer (idle or locked screen) or came back. */
  onIdleChange(listener: (idle: boolean) => void): () => void;
}

/** IPC channel names, shared by preload and main so both sides agree. */
export const DESKTOP_IPC = {
  getServerUrl: 'server/get-url',
  setServerUrl: 'server/set-url',
  login: 'auth/login',
  refresh: 'auth/refresh',
  logout: 'auth/logout',
  isStorageSecure: 'auth/is-storage-secure',
  setUnreadCount: 'badge/set-count',
  notify: 'notifications/show',
  dismissNotification: 'notifications/dismiss',
  setLanguage: 'app/set-language',
  setComposing: 'app/set-composing',
  download: 'media/download',
  // Main to renderer.
  navigate: 'app/navigate',
  signOut: 'app/sign-out',
  resume: 'app/resume',
  idle: 'app/idle',
} as const;
