import type { TFunction } from 'i18next';
import type { BadgeView, TrayIconName } from './badge.js';

/** The subset of Electron's MenuItemConstructorOptions the app's menus use. */
export interface MenuEntry {
  label?: string;
  type?: 'normal' | 'separator';
  enabled?: boolean;
  click?: () => void;
  role?: 'cut' | 'copy' | 'paste' | 'selectAll';
}

/** An Electron `Tray`, with the menu already turned into entries (main.ts builds the real Menu). */
export interface TrayPort {
  setImage(icon: TrayIconName): void;
  setToolTip(text: string): void;
  setContextMenu(entries: MenuEntry[]): void;
  on(event: 'click', listener: () => void): unknown;
}

export interface TrayActions {
  open(): void;
  signOut(): void;
  /** Restarts into a downloaded update (refused while a message is being written, see updater.ts). */
  restartToUpdate(): void;
  /** Shows the log file's folder, for support. */
  openLogs(): void;
  quit(): void;
}

/** `updateVersion`: a downloaded update waiting for the restart, or null. */
export function trayMenu(
  t: TFunction,
  signedIn: boolean,
  actions: TrayActions,
  updateVersion: string | null = null,
): MenuEntry[] {
  return [
    { label: t('tray.open'), click: actions.open },
    { type: 'separator' },
    // Shown but disabled when signed out, so the menu keeps its shape.
    { label: t('tray.signOut'), enabled: signedIn, click: actions.signOut },
    { type: 'separator' },
    ...(updateVersion
      ? [{ label: t('tray.restartToUpdate', { version: updateVersion }), click: actions.restartToUpdate }]
      : []),
    { label: t('tray.openLogs'), click: actions.openLogs },
    { label: t('tray.quit'), click: actions.quit },
  ];
}

export interface TrayController {
  /** The badge changed: icon variant and tooltip follow. */
  showBadge(view: BadgeView): void;
  /** Signed in or out, an update downloaded, or another language: the menu is rebuilt. */
  refreshMenu(): void;
}

export function createTrayController({
  tray,
  t,
  isSignedIn,
  getUpdateVersion,
  actions,
}: {
  tray: TrayPort;
  t: TFunction;
  isSignedIn(): boolean;
  getUpdateVersion(): string | null;
  actions: TrayActions;
}): TrayController {
  let icon: TrayIconName = 'tray';
  tray.setToolTip(t('tray.tooltip'));
  tray.setContextMenu(trayMenu(t, isSignedIn(), actions, getUpdateVersion()));
  // Windows and most Linux trays open the app on a click; macOS shows the menu instead.
  tray.on('click', actions.open);
  return {
    showBadge(view) {
      if (view.trayIcon !== icon) {
        icon = view.trayIcon;
        tray.setImage(icon);
      }
      tray.setToolTip(view.trayTooltip);
    },
    refreshMenu() {
      tray.setContextMenu(trayMenu(t, isSignedIn(), actions, getUpdateVersion()));
    },
  };
}
