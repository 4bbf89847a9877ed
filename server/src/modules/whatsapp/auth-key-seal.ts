import { SecretBox } from '../../common/secret-box.js';

/** What a `whatsapp_auth_keys` value is bound to: its connection, type and key, never another row's. */
export const authKeyContext = (row: { whatsappId: number; type: string; keyId: string }): string =>
  `whatsappAuth:${row.whatsappId}:${row.type}:${row.keyId}`;

/**
 * A connection's auth state (Baileys' creds and signal keys, the sandbox's pairing) is sealed like
 * the companies' API keys: whoever reads the database or a backup cannot take over the phone.
 */
export function sealAuthValue(
  box: SecretBox,
  row: { whatsappId: number; type: string; keyId: string },
  plain: string,
): string {
  return box.seal(plain, authKeyContext(row));
}

/**
 * The stored value's JSON. A plain row is read as it is: a node of the version before sealing may
 * still write one during a rolling upgrade (JSON never starts like a sealed value).
 */
export function openAuthValue(
  box: SecretBox,
  row: { whatsappId: number; type: string; keyId: string; value: string },
): string {
  return SecretBox.isSealed(row.value) ? box.open(row.value, authKeyContext(row)) : row.value;
}
