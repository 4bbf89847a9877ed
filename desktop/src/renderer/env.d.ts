// Vite's client types: stylesheets imported as modules (the calendar's own) and import.meta.env.
/// <reference types="vite/client" />
import type { DesktopBridge } from '@atendo/shared';

declare global {
  interface Window {
    /** Present only inside the Electron app; the browser build degrades gracefully without it. */
    desktop?: DesktopBridge;
  }
  /** desktop/package.json version, injected by Vite at build time. */
  const __APP_VERSION__: string;
}

export {};
