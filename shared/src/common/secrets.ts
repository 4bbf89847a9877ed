/**
 * How a stored secret (an API key, a service account) is shown once saved: never whole, only its
 * last four characters behind dots, so an admin can tell which key it is. A form that sends the
 * masked value back unchanged keeps the stored secret.
 */
const DOTS = '••••••••';

export function maskSecret(secret: string): string {
  if (!secret) return '';
  return secret.length > 12 ? `${DOTS}${secret.slice(-4)}` : DOTS;
}

/** Whether `value` is a masked secret as maskSecret writes it (sent back unchanged by a form). */
export function isMaskedSecret(value: string): boolean {
  return value.startsWith(DOTS);
}
