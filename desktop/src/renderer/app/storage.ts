/** Local storage keys of spec §9; other code reads them only through this module. */
export const STORAGE_KEYS = {
  token: 'token',
  preferredTheme: 'preferredTheme',
  language: 'i18nextLng',
  volume: 'volume',
  /** The queues chosen in the tickets toolbar, as a JSON array of ids. */
  ticketQueues: 'selectedQueueIds',
  /** Whether the composer signs messages with the agent's name ('true' / 'false'). */
  signature: 'signOption',
  /**
   * Desktop app only: the signed-in user as /auth/me last answered (JSON) and the last screen, so
   * a restart without network opens where the agent was instead of on an error page.
   */
  sessionUser: 'sessionUser',
  lastRoute: 'lastRoute',
  /** When each user last opened the announcements popover (JSON: user id → ISO instant). */
  announcementsSeenAt: 'announcementsSeenAt',
  /** The subscription warning hidden today: `companyId|dueDate|yyyy-MM-dd` (see SubscriptionBanner). */
  subscriptionNoticeDismissed: 'subscriptionNoticeDismissed',
  /** The to-do lists of the users of this device (JSON: user id → tasks); kept across sign-outs. */
  todos: 'todolist',
  /** The flow editor's answer keys of question blocks, offered as {{variables}} (JSON array). */
  flowVariables: 'variables',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can throw (private mode, disabled cookies); the app must still start without persistence.
export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Persistence is best effort.
  }
}
