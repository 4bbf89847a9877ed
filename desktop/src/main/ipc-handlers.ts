import { DESKTOP_IPC, type AuthResponse, type Language, type ServerCheckResult } from '@atendo/shared';
import type { Attention } from './attention.js';
import type { AuthClient } from './auth-client.js';
import {
  assertTrustedSender,
  parseComposingArgs,
  parseDownloadArgs,
  parseLanguageArgs,
  parseLoginArgs,
  parseLogoutArgs,
  parseNoArgs,
  parseNotifyArgs,
  parseServerUrlArgs,
  parseTagArgs,
  parseUnreadCountArgs,
  type IpcSenderEvent,
} from './ipc-validators.js';

/** The part of Electron's `ipcMain` used here. */
export interface IpcMainPort {
  handle(channel: string, listener: (event: IpcSenderEvent, ...args: unknown[]) => unknown): void;
  on(channel: string, listener: (event: IpcSenderEvent, ...args: unknown[]) => void): unknown;
}

export interface ServerSettings {
  getUrl(): string | null;
  setUrl(url: string): Promise<ServerCheckResult>;
}

export interface IpcHandlerDeps {
  ipcMain: IpcMainPort;
  server: ServerSettings;
  auth: AuthClient;
  isStorageSecure(): boolean;
  attention: Pick<Attention, 'setUnread' | 'notify' | 'dismiss'>;
  setLanguage(language: Language): void;
  /** Whether the agent is writing a message (holds back a restart into an update, see updater.ts). */
  setComposing(composing: boolean): void;
  /** Starts saving a media file; refuses (throws) a URL that is not the server's. */
  download(url: string): void;
  /** Failed fire-and-forget calls have nobody to reject to; they are reported here. */
  onRejectedMessage?(channel: string, error: unknown): void;
}

/** The invoke channels and what each resolves with, so a handler cannot drift from the bridge type. */
interface InvokeHandlers {
  [DESKTOP_IPC.getServerUrl]: (args: unknown[]) => Promise<string | null>;
  [DESKTOP_IPC.setServerUrl]: (args: unknown[]) => Promise<ServerCheckResult>;
  [DESKTOP_IPC.login]: (args: unknown[]) => Promise<AuthResponse>;
  [DESKTOP_IPC.refresh]: (args: unknown[]) => Promise<AuthResponse>;
  [DESKTOP_IPC.logout]: (args: unknown[]) => Promise<void>;
  [DESKTOP_IPC.isStorageSecure]: (args: unknown[]) => Promise<boolean>;
}

interface SendHandlers {
  [DESKTOP_IPC.setUnreadCount]: (args: unknown[]) => void;
  [DESKTOP_IPC.notify]: (args: unknown[]) => void;
  [DESKTOP_IPC.dismissNotification]: (args: unknown[]) => void;
  [DESKTOP_IPC.setLanguage]: (args: unknown[]) => void;
  [DESKTOP_IPC.setComposing]: (args: unknown[]) => void;
  [DESKTOP_IPC.download]: (args: unknown[]) => void;
}

export function registerIpcHandlers(deps: IpcHandlerDeps): void {
  const { ipcMain, server, auth, attention, onRejectedMessage } = deps;
  const invokeHandlers: InvokeHandlers = {
    [DESKTOP_IPC.getServerUrl]: async (args) => {
      parseNoArgs(args);
      return server.getUrl();
    },
    [DESKTOP_IPC.setServerUrl]: async (args) => server.setUrl(parseServerUrlArgs(args)),
    [DESKTOP_IPC.login]: async (args) => auth.login(parseLoginArgs(args)),
    [DESKTOP_IPC.refresh]: async (args) => {
      parseNoArgs(args);
      return auth.refresh();
    },
    [DESKTOP_IPC.logout]: async (args) => auth.logout(parseLogoutArgs(args)),
    [DESKTOP_IPC.isStorageSecure]: async (args) => {
      parseNoArgs(args);
      return deps.isStorageSecure();
    },
  };

  const sendHandlers: SendHandlers = {
    [DESKTOP_IPC.setUnreadCount]: (args) => attention.setUnread(parseUnreadCountArgs(args)),
    [DESKTOP_IPC.notify]: (args) => attention.notify(parseNotifyArgs(args)),
    [DESKTOP_IPC.dismissNotification]: (args) => attention.dismiss(parseTagArgs(args)),
    [DESKTOP_IPC.setLanguage]: (args) => deps.setLanguage(parseLanguageArgs(args)),
    [DESKTOP_IPC.setComposing]: (args) => deps.setComposing(parseComposingArgs(args)),
    [DESKTOP_IPC.download]: (args) => deps.download(parseDownloadArgs(args)),
  };

  for (const [channel, handler] of Object.entries(invokeHandlers) as Array<
    [string, (args: unknown[]) => Promise<unknown>]
  >) {
    ipcMain.handle(channel, async (event, ...args) => {
      assertTrustedSender(event);
      return handler(args);
    });
  }

  for (const [channel, handler] of Object.entries(sendHandlers) as Array<[string, (args: unknown[]) => void]>) {
    ipcMain.on(channel, (event, ...args) => {
      try {
        assertTrustedSender(event);
        handler(args);
      } catch (error) {
        onRejectedMessage?.(channel, error);
      }
    });
  }
}
