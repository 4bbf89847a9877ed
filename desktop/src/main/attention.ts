import type { DesktopNotification } from '@atendo/shared';
import type { TFunction } from 'i18next';
import { badgeView, type OverlayIconName, type UnreadState } from './badge.js';
import { createNotificationCenter, type NotificationOptions, type NotificationPort } from './notification-center.js';
import type { TrayController } from './tray.js';

export type { NotificationPort };

/** The window calls attention makes; `BrowserWindow` fits it once the overlay image is resolved. */
export interface AttentionWindow {
  isFocused(): boolean;
  flashFrame(flag: boolean): void;
  setOverlayIcon(icon: OverlayIconName | null, description: string): void;
}

export interface AttentionDeps {
  platform: NodeJS.Platform;
  t: TFunction;
  getWindow(): AttentionWindow | null;
  getTray(): TrayController | null;
  /** macOS: `app.dock.setBadge` and `app.dock.bounce`. */
  dock?: { setBadge(text: string): void; bounce(type: 'informational'): unknown };
  /** Linux launchers: `app.setBadgeCount`. */
  setBadgeCount(count: number): boolean;
  createNotification(options: NotificationOptions): NotificationPort | null;
  onNotificationClick(route: string): void;
}

/**
 * How the app asks for the agent's attention outside its window: the unread badge on every surface
 * the platform has (dock, taskbar overlay, launcher count, tray icon), native notifications
 * grouped per ticket, and a flashing taskbar button or bouncing dock icon.
 */
export interface Attention {
  setUnread(state: UnreadState): void;
  /** Draws the current badge again: a new window, or texts in another language. */
  redraw(): void;
  notify(request: DesktopNotification): void;
  dismiss(tag: string): void;
  /** Signed out: no badge and no notification of the ended session. */
  clear(): void;
}

export function createAttention(deps: AttentionDeps): Attention {
  const { platform } = deps;
  let unread: UnreadState = { count: 0, stale: false };

  const center = createNotificationCenter({
    createNotification: deps.createNotification,
    onClick: deps.onNotificationClick,
    t: deps.t,
  });

  function redraw(): void {
    const view = badgeView(unread, deps.t);
    if (platform === 'darwin') deps.dock?.setBadge(view.dockText);
    else if (platform === 'win32')
      deps.getWindow()?.setOverlayIcon(view.overlay?.icon ?? null, view.overlay?.description ?? '');
    else deps.setBadgeCount(view.launcherCount);
    deps.getTray()?.showBadge(view);
  }

  function setUnread(state: UnreadState): void {
    unread = state;
    redraw();
  }

  /** Only when the agent is elsewhere: flashing a window they are looking at is noise. */
  function requestWindowAttention(): void {
    const window = deps.getWindow();
    if (!window || window.isFocused()) return;
    if (platform === 'darwin') deps.dock?.bounce('informational');
    // Windows flashes the taskbar button; Linux window managers show it as the urgency hint.
    else window.flashFrame(true);
  }

  function notify(request: DesktopNotification): void {
    center.notify(request);
    requestWindowAttention();
  }

  function clear(): void {
    center.clear();
    setUnread({ count: 0, stale: false });
  }

  return { setUnread, redraw, notify, dismiss: center.dismiss, clear };
}
