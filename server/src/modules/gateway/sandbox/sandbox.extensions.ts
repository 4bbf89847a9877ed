import { DomainError } from '../../../common/domain-error.js';
import type { SessionManager } from '../session-manager.js';
import type { AddressBookEntry } from '../gateway.types.js';
import { SandboxSession, type SandboxInbound } from './sandbox.provider.js';

export const SANDBOX_SCAN = 'sandbox.scan';
export const SANDBOX_MESSAGE = 'sandbox.message';
export const SANDBOX_ADDRESS_BOOK = 'sandbox.addressBook';

/**
 * The sandbox's own session commands. They run on the node holding the session, so a scan or an
 * injected message that reached another node is forwarded there like any send.
 */
export function registerSandboxExtensions(sessions: SessionManager): void {
  const sandboxOf = (session: unknown): SandboxSession => {
    if (!(session instanceof SandboxSession)) throw new DomainError('ERR_NO_WAPP_FOUND');
    return session;
  };
  sessions.registerExtension(SANDBOX_SCAN, (session, args) =>
    sandboxOf(session).scan((args as { number?: string }).number),
  );
  sessions.registerExtension(SANDBOX_MESSAGE, (session, args) => sandboxOf(session).deliver(args as SandboxInbound));
  sessions.registerExtension(SANDBOX_ADDRESS_BOOK, (session, args) =>
    sandboxOf(session).setAddressBook(args as AddressBookEntry[]),
  );
}
