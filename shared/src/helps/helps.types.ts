import getVideoId from 'get-video-id';
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

/**
 * The video code out of what a super-admin pastes (or the family's help form sends): the code
 * itself, or any YouTube link — watch?v=, youtu.be/, embed/, shorts/, live/, an attribution link,
 * with whatever parameters — or the player's embed code. Anything else (another site, a playlist)
 * is answered as it came, and the schema refuses it.
 */
export function helpVideoCode(input: string): string {
  const value = input.trim();
  // No link or embed code is this long; past it the parse is not worth its time.
  if (VIDEO_CODE.test(value) || value.length > 2_000) return value;
  const { id, service } = getVideoId(value);
  // `videoseries` (an embedded playlist) has a code's length but is no video.
  return service === 'youtube' && id && id !== 'videoseries' && VIDEO_CODE.test(id) ? id : value;
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
