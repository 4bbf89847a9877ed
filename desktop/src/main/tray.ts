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
  quit(): void;
}

export function trayMenu(t: TFunction, signedIn: boolean, actions: TrayActions): MenuEntry[] {
  return [
    { label: t('tray.open'), click: actions.open },
    { type: 'separator' },
    // Shown but disabled when signed out, so the menu keeps its shape.
    { label: t('tray.signOut'), enabled: signedIn, click: actions.signOut },
    { type: 'separator' },
    { label: t('tray.quit'), click: actions.quit },
  ];
}

export interface TrayController {
  /** The badge changed: icon variant and tooltip follow. */
  showBadge(view: BadgeView): void;
  /** Signed in or out, or another language: the menu is rebuilt. */
  refreshMenu(): void;
}

export function createTrayController({
  tray,
  t,
  isSignedIn,
  actions,
}: {
  tray: TrayPort;
  t: TFunction;
  isSignedIn(): boolean;
  actions: TrayActions;
}): TrayController {
  let icon: TrayIconName = 'tray';
  tray.setToolTip(t('tray.tooltip'));
  tray.setContextMenu(trayMenu(t, isSignedIn(), actions));
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
      tray.setContextMenu(trayMenu(t, isSignedIn(), actions));
    },
  };
}
