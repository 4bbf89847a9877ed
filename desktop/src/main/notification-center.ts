import type { DesktopNotification } from '@atendo/shared';
import type { TFunction } from 'i18next';

/** A shown native notification; Electron's `Notification` fits it. */
export interface NotificationPort {
  on(event: 'click' | 'close', listener: () => void): unknown;
  show(): void;
  close(): void;
}

export interface NotificationOptions {
  title: string;
  body: string;
  /**
   * Always true: the renderer plays the app's own chime at the volume the agent set, so the OS
   * sound would ring twice and ignore that volume.
   */
  silent: boolean;
}

export interface NotificationCenterDeps {
  /** Null when the OS has no notification service (Electron's `Notification.isSupported()`). */
  createNotification(options: NotificationOptions): NotificationPort | null;
  onClick(route: string): void;
  t: TFunction;
  /** Within this time of a ticket's last notification, its newer messages wait and show as one. */
  burstMs?: number;
}

export const NOTIFICATION_BURST_MS = 4000;

interface TicketGroup {
  /** Messages since the agent last dealt with this ticket's notification (clicked or dismissed it). */
  count: number;
  latest: DesktopNotification;
  shown: NotificationPort | null;
  shownAt: number;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface NotificationCenter {
  notify(request: DesktopNotification): void;
  /** The ticket was read: its notification goes, and its count starts over. */
  dismiss(tag: string): void;
  /** Sign-out: nothing of the previous session stays on screen. */
  clear(): void;
}

/**
 * One notification per ticket (its tag). A second message replaces the first with "N new messages"
 * and the latest preview; messages arriving within `burstMs` of the last one shown are held back
 * and shown together when that time is up, so a customer typing ten short lines pops one toast,
 * not ten. Shown notifications are referenced here until closed: one that is garbage collected
 * while still on screen no longer reports its click.
 */
export function createNotificationCenter({
  createNotification,
  onClick,
  t,
  burstMs = NOTIFICATION_BURST_MS,
}: NotificationCenterDeps): NotificationCenter {
  const groups = new Map<string, TicketGroup>();

  function forget(tag: string, group: TicketGroup): void {
    if (group.timer) clearTimeout(group.timer);
    if (groups.get(tag) === group) groups.delete(tag);
  }

  function show(tag: string, group: TicketGroup): void {
    group.timer = null;
    const { title, body, route } = group.latest;
    const notification = createNotification({
      title,
      body: t('notifications.grouped', { count: group.count, preview: body }),
      silent: true,
    });
    if (!notification) return;
    const previous = group.shown;
    group.shown = notification;
    group.shownAt = Date.now();
    previous?.close();
    notification.on('click', () => {
      forget(tag, group);
      notification.close();
      onClick(route);
    });
    notification.on('close', () => {
      // Closing the previous one above also lands here; only the current one ends the group.
      if (group.shown === notification) forget(tag, group);
    });
    notification.show();
  }

  function notify(request: DesktopNotification): void {
    let group = groups.get(request.tag);
    if (!group) {
      group = { count: 0, latest: request, shown: null, shownAt: 0, timer: null };
      groups.set(request.tag, group);
    }
    group.count += 1;
    group.latest = request;
    if (group.timer) return;
    const wait = group.shownAt + burstMs - Date.now();
    if (group.shown && wait > 0) {
      const held = group;
      group.timer = setTimeout(() => show(request.tag, held), wait);
    } else {
      show(request.tag, group);
    }
  }

  function dismiss(tag: string): void {
    const group = groups.get(tag);
    if (!group) return;
    forget(tag, group);
    group.shown?.close();
  }

  function clear(): void {
    for (const tag of [...groups.keys()]) dismiss(tag);
  }

  return { notify, dismiss, clear };
}
