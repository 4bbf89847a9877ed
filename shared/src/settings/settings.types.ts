export interface SettingEntry {
  key: string;
  value: string;
}

/**
 * Every company setting with its allowed values and default. A PUT with another key answers
 * ERR_NO_SETTING_FOUND; another value answers a validation error.
 */
export const SETTINGS = {
  userRating: { values: ['enabled', 'disabled'], default: 'disabled' },
  scheduleType: { values: ['disabled', 'queue', 'company'], default: 'disabled' },
  /** "call": whether the connection accepts voice calls or rejects them and logs the attempt. */
  call: { values: ['enabled', 'disabled'], default: 'enabled' },
  /** Ignore group messages when enabled. */
  CheckMsgIsGroup: { values: ['enabled', 'disabled'], default: 'enabled' },
  sendGreetingAccepted: { values: ['enabled', 'disabled'], default: 'disabled' },
  sendMsgTransfTicket: { values: ['enabled', 'disabled'], default: 'disabled' },
  sendGreetingMessageOneQueues: { values: ['enabled', 'disabled'], default: 'enabled' },
  userCreation: { values: ['enabled', 'disabled'], default: 'enabled' },
  sideMenu: { values: ['open', 'closed'], default: 'open' },
  chatBotType: { values: ['text'], default: 'text' },
  campaignsEnabled: { values: ['true', 'false'], default: 'true' },
  /**
   * API key of the payment provider; free text, empty when unused. Only the settings' managers read
   * it, and only the platform company has it (the platform charges the companies' invoices).
   */
  asaas: { values: null, default: '', secret: true, platformOnly: true },
} as const satisfies Record<
  string,
  { values: readonly string[] | null; default: string; secret?: true; platformOnly?: true }
>;

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.prototype.hasOwnProperty.call(SETTINGS, key);
}

/** Whether a key's value is kept from users who may not manage the settings (every agent reads the rest). */
export function isSecretSetting(key: string): boolean {
  return isSettingKey(key) && 'secret' in SETTINGS[key];
}

/** Whether a key belongs to the platform company only: other companies neither read nor set it. */
export function isPlatformSetting(key: string): boolean {
  return isSettingKey(key) && 'platformOnly' in SETTINGS[key];
}

export function defaultSettings(): SettingEntry[] {
  return SETTING_KEYS.map((key) => ({ key, value: SETTINGS[key].default }));
}

export function settingValue(settings: SettingEntry[] | undefined, key: SettingKey): string {
  return settings?.find((s) => s.key === key)?.value ?? SETTINGS[key].default;
}
