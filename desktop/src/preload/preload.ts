// Runs sandboxed in the renderer before the page: it may only require 'electron', so it is bundled
// to one file (dist/preload/preload.cjs) and reads the app version from its command line.
import { contextBridge, ipcRenderer } from 'electron';
import { createDesktopBridge } from './bridge.js';

contextBridge.exposeInMainWorld(
  'desktop',
  createDesktopBridge(ipcRenderer, { platform: process.platform, argv: process.argv }),
);
