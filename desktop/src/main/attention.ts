import type { NotificationRequest } from './ipc-validators.js';

/** A shown native notification; Electron's `Notification` fits it. */
export interface NotificationPort {
  on(event: 'click' | 'close', listener: () => void): unknown;
  show(): void;
  close(): void;
}

export interface AttentionDeps {
  platform: NodeJS.Platform;
  setBadgeCount(count: number): boolean;
  /** Null when the OS has no notification service (Electron's `Notification.isSupported()`). */
  createNotification(options: { title: string; body: string }): NotificationPort | null;
  onNotificationClick(route: string): void;
}

/**
 * How the app asks for the agent's attention outside the window: the unread badge and native
 * notifications. The tray icon and Windows overlay badge plug in here later.
 */
export interface Attention {
  setUnreadCount(count: number): void;
  notify(request: NotificationRequest): void;
}

export function createAttention({
  platform,
  setBadgeCount,
  createNotification,
  onNotificationClick,
}: AttentionDeps): Attention {
  // Held by tag for two reasons: a newer message of the same ticket replaces the older one (the
  // web Notification `tag` behaviour), and a notification that is not referenced can be garbage
  // collected while still on screen, after which its click does nothing.
  const shown = new Map<string, NotificationPort>();

  function setUnreadCount(count: number): void {
    // app.setBadgeCount works on macOS and Linux (Unity launchers); Windows needs an overlay icon,
    // which comes with the tray work.
    if (platform === 'darwin' || platform === 'linux') setBadgeCount(count);
  }

  function notify({ title, body, route, tag }: NotificationRequest): void {
    const notification = createNotification({ title, body });
    if (!notification) return;
    if (tag) {
      shown.get(tag)?.close();
      shown.set(tag, notification);
    }
    notification.on('click', () => onNotificationClick(route));
    notification.on('close', () => {
      if (tag && shown.get(tag) === notification) shown.delete(tag);
    });
    notification.show();
  }

  return { setUnreadCount, notify };
}
