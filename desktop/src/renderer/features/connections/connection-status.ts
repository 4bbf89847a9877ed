import {
  CONNECTION_WARNING_STATUSES,
  type ConnectionStatus,
  type WhatsappConnection,
  type WhatsappSessionUpdate,
} from '@atendo/shared';

/** The session buttons an admin gets for each status (spec §4 Connection status). */
export type SessionAction = 'retry' | 'newQr' | 'showQr' | 'connecting' | 'disconnect';

export function sessionActions(status: ConnectionStatus): SessionAction[] {
  switch (status) {
    case 'DISCONNECTED':
      return ['retry', 'newQr'];
    // The pairing is fine: only the version was refused, so trying again (once updated) is enough.
    case 'OUTDATED':
      return ['retry'];
    case 'qrcode':
      return ['showQr'];
    case 'OPENING':
      return ['connecting'];
    case 'PAIRING':
    case 'TIMEOUT':
    case 'CONNECTED':
      return ['disconnect'];
    default:
      return [];
  }
}

export function hasConnectionWarning(connections: readonly Pick<WhatsappConnection, 'status'>[]): boolean {
  return connections.some((c) => CONNECTION_WARNING_STATUSES.includes(c.status));
}

export type StatusTone = 'success' | 'warning' | 'danger' | 'informative';

export function statusTone(status: ConnectionStatus): StatusTone {
  if (status === 'CONNECTED') return 'success';
  if (status === 'DISCONNECTED' || status === 'TIMEOUT' || status === 'OUTDATED') return 'danger';
  if (status === 'qrcode' || status === 'PAIRING') return 'warning';
  return 'informative';
}

function byName(a: WhatsappConnection, b: WhatsappConnection): number {
  return a.name.localeCompare(b.name);
}

/** Insert or replace a connection, keeping the list in name order. */
export function upsertConnection(list: WhatsappConnection[], connection: WhatsappConnection): WhatsappConnection[] {
  const index = list.findIndex((c) => c.id === connection.id);
  // A save event does not say where the session runs: the row keeps what it knew.
  const next =
    index >= 0
      ? list.map((c) => (c.id === connection.id ? { ...connection, node: connection.node ?? c.node } : c))
      : [...list, connection];
  // One default at a time: the server clears the others, and its events for them may come later.
  const fixed = connection.isDefault
    ? next.map((c) => (c.id !== connection.id && c.isDefault ? { ...c, isDefault: false } : c))
    : next;
  return fixed.sort(byName);
}

/** Merge a session update (status, QR, retries, node) into its connection; unknown ids are ignored. */
export function mergeSession(list: WhatsappConnection[], session: WhatsappSessionUpdate): WhatsappConnection[] {
  return list.map((c) =>
    c.id === session.id
      ? {
          ...c,
          status: session.status,
          qrcode: session.qrcode ?? '',
          retries: session.retries ?? c.retries,
          updatedAt: session.updatedAt ?? c.updatedAt,
          node: session.node === undefined ? c.node : session.node,
        }
      : c,
  );
}
