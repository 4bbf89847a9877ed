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
 *
 * Whether the list is pinned to the bottom changes only when the reader scrolls. Content that grows
 * under a pinned list (a picture whose size arrives after the list was laid out, a video's
 * metadata, a taller composer shrinking the list) keeps it pinned: a size observer follows the
 * bottom. Judging "at the bottom" from whatever scroll event came next was the old way, and a
 * scroll event of our own landing after a 260 px picture had grown (before its load event) left
 * the conversation open short of its newest messages.
 */
export function useScrollAnchor(pages: number, last: Id) {
  const scroller = useRef<HTMLDivElement>(null);
  // What the list looked like before the last change; `top` is where it was last scrolled to,
  // by the reader or by us, so a scroll event that moved nothing is no reader's doing.
  const snapshot = useRef({ pages: 0, height: 0, top: 0, atBottom: true, last: 0 as Id });

  const toBottom = (el: HTMLElement) => {
    el.scrollTop = el.scrollHeight;
    snapshot.current = { ...snapshot.current, height: el.scrollHeight, top: el.scrollTop, atBottom: true };
  };

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

  // Sizes change after the list was laid out (pictures, videos, the list's own height): a pinned
  // list follows its bottom. Every row is observed, those added later too.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const sizes = new ResizeObserver(() => {
      if (snapshot.current.atBottom) toBottom(el);
    });
    sizes.observe(el);
    for (const child of Array.from(el.children)) sizes.observe(child);
    const rows = new MutationObserver((changes) => {
      for (const change of changes) {
        change.addedNodes.forEach((node) => {
          if (node instanceof Element) sizes.observe(node);
        });
      }
    });
    rows.observe(el, { childList: true });
    // A picture's load can also grow a row's inner content without the row being observed yet.
    const onMediaLoaded = () => {
      if (snapshot.current.atBottom) toBottom(el);
    };
    // Load events do not bubble: they are caught on their way down.
    el.addEventListener('load', onMediaLoaded, true);
    el.addEventListener('loadedmetadata', onMediaLoaded, true);
    return () => {
      sizes.disconnect();
      rows.disconnect();
      el.removeEventListener('load', onMediaLoaded, true);
      el.removeEventListener('loadedmetadata', onMediaLoaded, true);
    };
  }, []);

  const recordScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const moved = Math.abs(el.scrollTop - snapshot.current.top) >= 1;
    snapshot.current = {
      ...snapshot.current,
      height: el.scrollHeight,
      top: el.scrollTop,
      // Only the reader's scroll decides whether the list stays pinned to its end.
      atBottom: moved ? isAtBottom(el) : snapshot.current.atBottom,
    };
  };

  return { scroller, recordScroll };
}
