// The Electron entry: it only wires the real modules into createMainApp, which holds the logic and
// is tested without Electron. Bundled to dist/main/main.cjs by scripts/build-main.mjs.
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  powerMonitor,
  protocol,
  safeStorage,
  session,
  shell,
  Tray,
} from 'electron';
import log from 'electron-log/main';
import Store from 'electron-store';
import { autoUpdater } from 'electron-updater';
import path from 'node:path';
import type { OverlayIconName, TrayIconName } from './badge.js';
import { configureFileLog } from './logging.js';
import { createMainApp } from './main-app.js';
import type { Settings, SettingsStore } from './settings-store.js';
import type { MenuEntry } from './tray.js';

// The Electron suite (desktop/e2e-electron) starts every test on a fresh profile. Set before
// anything reads userData: electron-store below does at construction.
if (process.env.ATENDO_USER_DATA_DIR) app.setPath('userData', process.env.ATENDO_USER_DATA_DIR);

// The log file support asks for (see logging.ts). console.* of every module goes there too, and
// so do errors nothing caught (logged, without electron-log's dialog).
configureFileLog(log);
Object.assign(console, log.functions);
log.errorHandler.startCatching({ showDialog: false });
log.info(`Atendo ${app.getVersion()} starting on ${process.platform} ${process.arch}`);

const electronStore = new Store<Settings>({
  name: 'settings',
  schema: {
    serverUrl: { type: 'string' },
    encryptedRefreshToken: { type: 'string' },
  },
  // A hand-edited or corrupted file would otherwise stop the app from starting at all.
  clearInvalidConfig: true,
});

const store: SettingsStore = {
  get: (key) => electronStore.get(key),
  set: (key, value) => electronStore.set(key, value),
  delete: (key) => electronStore.delete(key),
};

// getAppPath is the folder holding package.json (desktop/ in development, app.asar when packaged),
// so the same relative paths work in both.
const appRoot = app.getAppPath();
// Tray and overlay icons: copied beside the app by electron-builder (extraResources), and read
// from the repository's build/ folder in development.
const iconsRoot = app.isPackaged ? process.resourcesPath : path.join(appRoot, '..', 'build');

const images = new Map<string, Electron.NativeImage>();
function icon(folder: 'tray' | 'overlay', name: TrayIconName | OverlayIconName): Electron.NativeImage {
  const file = path.join(iconsRoot, folder, `${name}.png`);
  let image = images.get(file);
  if (!image) {
    // The @2x file next to it is picked up by createFromPath on high-density screens.
    image = nativeImage.createFromPath(file);
    images.set(file, image);
  }
  return image;
}

function toMenu(entries: MenuEntry[]): Menu {
  return Menu.buildFromTemplate(entries);
}

const mainApp = createMainApp({
  app,
  createWindow: (options) => new BrowserWindow(options),
  ipcMain,
  safeStorage,
  store,
  fetch: (input, init) => net.fetch(input, init),
  openExternal: (url) => shell.openExternal(url),
  protocol,
  getDefaultSession: () => session.defaultSession,
  getPowerMonitor: () => powerMonitor,
  createNotification: (options) => (Notification.isSupported() ? new Notification(options) : null),
  createTray() {
    const tray = new Tray(icon('tray', 'tray'));
    return {
      setImage: (name) => tray.setImage(icon('tray', name)),
      setToolTip: (text) => tray.setToolTip(text),
      setContextMenu: (entries) => tray.setContextMenu(toMenu(entries)),
      on: (event, listener) => tray.on(event, listener),
    };
  },
  popupMenu: (entries) => toMenu(entries).popup(),
  askToLeave: (window, texts) =>
    dialog.showMessageBoxSync(
      // createWindow above makes every window a BrowserWindow.
      window as unknown as BrowserWindow,
      {
        type: 'question',
        title: texts.title,
        message: texts.message,
        detail: texts.detail,
        buttons: [texts.leave, texts.stay],
        defaultId: 1,
        cancelId: 1,
        noLink: true,
      },
    ) === 0,
  overlayIcon: (name) => icon('overlay', name),
  registerDeepLinkScheme(scheme) {
    // In development the executable is Electron itself, which needs the app's path to know what to run.
    if (process.defaultApp && process.argv.length >= 2) {
      app.setAsDefaultProtocolClient(scheme, process.execPath, [path.resolve(process.argv[1])]);
    } else {
      app.setAsDefaultProtocolClient(scheme);
    }
  },
  getDownloadsPath: () => app.getPath('downloads'),
  platform: process.platform,
  argv: process.argv,
  rendererRoot: path.join(appRoot, 'dist', 'renderer'),
  preloadPath: path.join(appRoot, 'dist', 'preload', 'preload.cjs'),
  // electron-updater installs into a packaged app only; in development it would only log that.
  updater: app.isPackaged ? autoUpdater : null,
  openLogFolder() {
    const folder = path.dirname(log.transports.file.getFile().path);
    shell.openPath(folder).catch((error: unknown) => log.warn('Could not open the log folder', error));
  },
  log,
});

mainApp.start();
