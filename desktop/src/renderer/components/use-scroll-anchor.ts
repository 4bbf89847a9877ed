import type { Id } from '@atendo/shared';
import { useEffect, useLayoutEffect, useRef } from 'react';

/** Within this distance of the bottom, a new message keeps the list pinned to the end. */
const STICK_TO_BOTTOM_PX = 120;

function isAtBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
}

/**
 * Keeps a message list's scroll where the reader expects it: an older page loaded above keeps the
 * same message under their eyes, and a new message at the end (or media growing the list) follows
 * the bottom when they were there. `pages` and `last` (the newest message's id, 0 for none) tell
 * the two apart. The returned `recordScroll` must run on every scroll of the `scroller`.
 */
export function useScrollAnchor(pages: number, last: Id) {
  const scroller = useRef<HTMLDivElement>(null);
  // What the list looked like before the last change.
  const snapshot = useRef({ pages: 0, height: 0, top: 0, atBottom: true, last: 0 as Id });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = snapshot.current;
    if (pages > before.pages && before.pages > 0) {
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    } else if (last !== before.last && (before.atBottom || before.last === 0)) {
      el.scrollTop = el.scrollHeight;
    }
    snapshot.current = { pages, height: el.scrollHeight, top: el.scrollTop, atBottom: isAtBottom(el), last };
  }, [pages, last]);

  // An image or video grows the list when it finishes loading, after the list was laid out (one just
  // sent, or a conversation just opened): a reader who was at the bottom stays there.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onMediaLoaded = () => {
      if (!snapshot.current.atBottom) return;
      el.scrollTop = el.scrollHeight;
      snapshot.current = { ...snapshot.current, height: el.scrollHeight, top: el.scrollTop };
    };
    // Load events do not bubble: they are caught on their way down.
    el.addEventListener('load', onMediaLoaded, true);
    el.addEventListener('loadedmetadata', onMediaLoaded, true);
    return () => {
      el.removeEventListener('load', onMediaLoaded, true);
      el.removeEventListener('loadedmetadata', onMediaLoaded, true);
    };
  }, []);

  const recordScroll = () => {
    const el = scroller.current;
    if (!el) return;
    snapshot.current = { ...snapshot.current, height: el.scrollHeight, top: el.scrollTop, atBottom: isAtBottom(el) };
  };

  return { scroller, recordScroll };
}
