import type { AuthResponse, LoginRequest } from './auth/auth.types.js';

export type DesktopPlatform = 'darwin' | 'win32' | 'linux';

export interface ServerCheckResult {
  ok: boolean;
  /** The normalised URL (scheme added, trailing slash removed) when ok. */
  url?: string;
  error?: 'invalid-url' | 'unreachable' | 'not-this-product' | 'certificate';
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
  };
  /** Seams filled by the notification and tray work: unread badge and native notifications. */
  setUnreadCount(count: number): void;
  notify(notification: { title: string; body: string; route: string; tag: string }): void;
  /** Called when the main process asks the renderer to open a route (notification click, deep link). */
  onNavigate(listener: (route: string) => void): () => void;
}

/** IPC channel names, shared by preload and main so both sides agree. */
export const DESKTOP_IPC = {
  getServerUrl: 'server/get-url',
  setServerUrl: 'server/set-url',
  login: 'auth/login',
  refresh: 'auth/refresh',
  logout: 'auth/logout',
  setUnreadCount: 'badge/set-count',
  notify: 'notifications/show',
  navigate: 'app/navigate',
} as const;
