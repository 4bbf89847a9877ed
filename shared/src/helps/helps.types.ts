import type { Id, Paged } from '../common/common.types.js';

export interface Help {
  id: Id;
  title: string;
  description: string;
  /** The video's code on YouTube (the 11 characters after `watch?v=`). */
  video: string;
}

/** `GET /helps`: a page of the list, 20 a page, searchable by title and description. */
export interface HelpsPage extends Paged {
  records: Help[];
  count: number;
}

const VIDEO_CODE = /^[A-Za-z0-9_-]{11}$/;
// scheme?, host, path, query: parsed by hand because this package runs where no URL class is typed.
const LINK = /^(?:https?:\/\/)?([^/?#]+)([^?#]*)(?:\?([^#]*))?/i;
const HOSTS = /^(www\.|m\.|music\.)?(youtube\.com|youtube-nocookie\.com|youtu\.be)$/i;

/**
 * The video code out of what a super-admin pastes: the code itself, or a watch, short, embed or
 * shorts link. Anything else is answered as it came, and the schema refuses it.
 */
export function helpVideoCode(input: string): string {
  const value = input.trim();
  if (VIDEO_CODE.test(value)) return value;
  const [, host = '', path = '', query = ''] = LINK.exec(value) ?? [];
  if (!HOSTS.test(host)) return value;
  const fromQuery = query
    .split('&')
    .map((pair) => pair.split('='))
    .find(([key]) => key === 'v')?.[1];
  const candidate = /youtu\.be$/i.test(host)
    ? path.split('/')[1]
    : (fromQuery ?? /^\/(embed|shorts|live|v)\/([^/]+)/.exec(path)?.[2]);
  return candidate && VIDEO_CODE.test(candidate) ? candidate : value;
}

export function isHelpVideoCode(value: string): boolean {
  return VIDEO_CODE.test(value);
}

/** Where the help videos play and their thumbnails come from: the app's CSP allows these two. */
export const HELP_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';
export const HELP_THUMBNAIL_ORIGIN = 'https://i.ytimg.com';

/** Played through YouTube's privacy-enhanced player: no cookies until the viewer presses play. */
export function helpEmbedUrl(code: string): string {
  return `${HELP_PLAYER_ORIGIN}/embed/${encodeURIComponent(code)}?autoplay=1&rel=0`;
}

export function helpThumbnailUrl(code: string): string {
  return `${HELP_THUMBNAIL_ORIGIN}/vi/${encodeURIComponent(code)}/mqdefault.jpg`;
}
