/**
 * Media the renderer may ask to save: files of the configured server only. Anything else could make
 * the app fetch an arbitrary URL with the OS's save dialog on top, which is a phishing aid.
 */
export function isServerMediaUrl(value: string, serverUrl: string | null): boolean {
  if (!serverUrl) return false;
  try {
    const url = new URL(value);
    const server = new URL(serverUrl);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === server.origin && !url.username;
  } catch {
    return false;
  }
}

/** The name offered in the save dialog: the file name, without anything a file system refuses. */
export function suggestedFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[<>:"/\\|?*\u0000-\u001f]/g, '_').trim();
  return cleaned.replace(/^\.+/, '') || 'download';
}
