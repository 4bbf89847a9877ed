export type Id = number;

/** ISO-8601 timestamp as it travels over JSON. */
export type IsoDate = string;

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Paged {
  hasMore: boolean;
  count?: number;
}

export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekdayEn = (typeof WEEKDAYS_EN)[number];

/** Business hours for one weekday; `weekday` is the localised label the old clients send. */
export interface WeekdaySchedule {
  weekday: string;
  weekdayEn: WeekdayEn;
  startTime: string;
  endTime: string;
}

export const MEDIA_TYPES = [
  'chat',
  'image',
  'audio',
  'video',
  'application',
  'locationMessage',
  'contactMessage',
  'vcard',
  'call_log',
] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
