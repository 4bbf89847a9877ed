// The Electron entry: it only wires the real modules into createMainApp, which holds the logic and
// is tested without Electron. Bundled to dist/main/main.cjs by scripts/build-main.mjs.
import { app, BrowserWindow, ipcMain, net, Notification, protocol, safeStorage, session, shell } from 'electron';
import Store from 'electron-store';
import path from 'node:path';
import { createMainApp } from './main-app.js';
import type { Settings, SettingsStore } from './settings-store.js';

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
  createNotification: (options) => (Notification.isSupported() ? new Notification(options) : null),
  platform: process.platform,
  rendererRoot: path.join(appRoot, 'dist', 'renderer'),
  preloadPath: path.join(appRoot, 'dist', 'preload', 'preload.cjs'),
});

mainApp.start();
