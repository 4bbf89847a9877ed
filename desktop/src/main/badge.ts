import type { TFunction } from 'i18next';

export interface UnreadState {
  count: number;
  /** The count is the last one known while the app is offline. */
  stale: boolean;
}

/** What the badge shows: nothing, a number, or a dot for "unread, number not known right now". */
export type BadgeMark = { kind: 'none' } | { kind: 'count'; count: number } | { kind: 'dot' };

export function badgeMark({ count, stale }: UnreadState): BadgeMark {
  if (count <= 0) return { kind: 'none' };
  // A number that may have changed while offline is the stale badge users complain about most;
  // the dot still says "something is waiting" without claiming how much.
  return stale ? { kind: 'dot' } : { kind: 'count', count };
}

/** The text of a small badge: digits up to 9, then "9+", or a dot. */
export function shortBadgeText(mark: BadgeMark): string {
  if (mark.kind === 'none') return '';
  if (mark.kind === 'dot') return '•';
  return mark.count > 9 ? '9+' : String(mark.count);
}

/** Files under build/overlay (and resources/overlay when packaged): one per short badge text. */
export type OverlayIconName = `overlay-${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}` | 'overlay-9plus' | 'overlay-dot';
export type TrayIconName = 'tray' | 'tray-unread';

export function overlayIconName(mark: BadgeMark): OverlayIconName | null {
  if (mark.kind === 'none') return null;
  if (mark.kind === 'dot') return 'overlay-dot';
  return mark.count > 9 ? 'overlay-9plus' : (`overlay-${mark.count}` as OverlayIconName);
}

export interface BadgeView {
  /** macOS dock: the full number (the dock makes room), a dot, or '' to clear. */
  dockText: string;
  /** Linux launchers (Unity API): a number only, so a stale count is shown as it was last known. */
  launcherCount: number;
  /** Windows taskbar overlay: a 16 px icon, and the description screen readers announce. */
  overlay: { icon: OverlayIconName; description: string } | null;
  trayIcon: TrayIconName;
  trayTooltip: string;
}

export function badgeView(state: UnreadState, t: TFunction): BadgeView {
  const mark = badgeMark(state);
  const icon = overlayIconName(mark);
  const description =
    mark.kind === 'count'
      ? t('badge.unread', { count: mark.count })
      : mark.kind === 'dot'
        ? t('badge.unreadUnknown')
        : '';
  return {
    dockText: mark.kind === 'count' ? String(mark.count) : shortBadgeText(mark),
    launcherCount: Math.max(0, state.count),
    overlay: icon ? { icon, description } : null,
    trayIcon: mark.kind === 'none' ? 'tray' : 'tray-unread',
    trayTooltip:
      mark.kind === 'count'
        ? t('tray.tooltipUnread', { count: mark.count })
        : mark.kind === 'dot'
          ? t('tray.tooltipUnreadUnknown')
          : t('tray.tooltip'),
  };
}
