import { expect, type Page } from '@playwright/test';

/** What breaks a page on a narrow screen, as found in the rendered page. */
export interface LayoutProblems {
  /** The page, or a box inside it, scrolls sideways. */
  overflow: string[];
  /** Buttons, links, fields and tabs that reach past the left or right edge of the window. */
  offscreen: string[];
  /** Pairs of texts painted over each other. */
  overlaps: string[];
}

/**
 * Runs in the page. Texts are compared by the boxes the browser paints them in, each cut to what
 * its clipping ancestors show, so an ellipsis is fine and a cell spilling over the next is not.
 * `scope` is a selector of the part to look into (a dialog, over a page it hides), else the body.
 */
function findLayoutProblems(scope: string): LayoutProblems {
  const root = document.querySelector(scope);
  if (!root) throw new Error(`Nothing matches ${scope}`);
  const width = window.innerWidth;
  const problems: LayoutProblems = { overflow: [], offscreen: [], overlaps: [] };
  const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const name = (el: Element) =>
    (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().replace(/\s+/g, ' ').slice(0, 50);

  if (document.documentElement.scrollWidth > width + 1) {
    problems.overflow.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${width}px window`);
  }
  for (const el of root.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (!['auto', 'scroll'].includes(style.overflowX) || !shown(el)) continue;
    // A box made to scroll sideways (the kanban's lanes on a phone) says so; the page still may not.
    if (el.hasAttribute('data-scrolls-sideways')) continue;
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    // Named by the innermost element that reaches past the box's right edge, the one to fix.
    const edge = el.getBoundingClientRect().right;
    const culprit = [...el.querySelectorAll('*')]
      .reverse()
      .find((child) => child.getBoundingClientRect().right > edge + 1);
    problems.overflow.push(
      `${el.tagName.toLowerCase()} scrolls sideways (${el.scrollWidth}px in ${el.clientWidth}px)` +
        (culprit ? `: ${culprit.tagName.toLowerCase()}.${culprit.getAttribute('class') ?? ''} "${name(culprit)}"` : ''),
    );
  }

  const actions =
    'button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="switch"], [role="combobox"]';
  for (const el of root.querySelectorAll(actions)) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || !shown(el)) continue;
    // Reached by scrolling the box it is in, as that box is meant to be scrolled.
    if (el.closest('[data-scrolls-sideways]')) continue;
    if (box.left < -1 || box.right > width + 1) {
      problems.offscreen.push(`"${name(el)}" spans ${Math.round(box.left)}–${Math.round(box.right)}px`);
    }
  }

  const clipped = (el: Element, box: DOMRect) => {
    let { left, top, right, bottom } = box;
    for (let a: Element | null = el; a && a !== document.documentElement; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const frame = a.getBoundingClientRect();
      left = Math.max(left, frame.left);
      right = Math.min(right, frame.right);
      top = Math.max(top, frame.top);
      bottom = Math.min(bottom, frame.bottom);
    }
    return { left, top, right, bottom };
  };
  const texts: { left: number; top: number; right: number; bottom: number; node: Node; text: string }[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent?.trim();
    if (!text || !parent || !shown(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const box of range.getClientRects()) {
      const visible = clipped(parent, box);
      // Boxes of a pixel or two are what visually hidden texts (live regions) leave.
      if (visible.right - visible.left > 2 && visible.bottom - visible.top > 2) {
        texts.push({ ...visible, node, text: text.slice(0, 40) });
      }
    }
  }
  for (let i = 0; i < texts.length; i += 1) {
    for (let j = i + 1; j < texts.length; j += 1) {
      const a = texts[i];
      const b = texts[j];
      if (a.node === b.node) continue;
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      // Line boxes of neighbouring lines may touch by a pixel or two; painted text over text is more.
      if (across > 3 && down > 3) problems.overlaps.push(`"${a.text}" over "${b.text}"`);
    }
  }
  return problems;
}

/**
 * Fails the test (softly, so one run lists every page's problems) unless the page fits its window:
 * nothing scrolls sideways, every action is on screen, no text over text. `scope` narrows the
 * actions and texts looked at to what matches it (an open dialog).
 */
export async function expectUsableLayout(page: Page, what: string, scope = 'body'): Promise<void> {
  const problems = await page.evaluate(findLayoutProblems, scope);
  expect.soft(problems, `${what} at ${page.viewportSize()?.width ?? '?'} px`).toEqual({
    overflow: [],
    offscreen: [],
    overlaps: [],
  });
}
