/** The page's own title and icon, as index.html gives them. */
export const APP_TITLE = 'Atendo';

/** What a badge shows: the count, "99+" past 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The tab's title with the unread count in front, as WhatsApp Web shows it: "(3) Atendo". */
export function unreadTitle(count: number, title = APP_TITLE): string {
  return count > 0 ? `(${badgeText(count)}) ${title}` : title;
}

/**
 * The icon with a red badge holding the count, drawn over the app's own icon (an SVG, so the badge
 * is drawn as SVG too: no canvas, nothing to load).
 */
export function unreadFavicon(count: number, icon: string): string {
  if (count <= 0) return icon;
  const comma = icon.indexOf(',');
  const svg = decodeURIComponent(icon.slice(comma + 1));
  const text = badgeText(count);
  const badge =
    `<circle cx='23' cy='9' r='9' fill='#d13438' stroke='white' stroke-width='1.5'/>` +
    `<text x='23' y='9' dy='0.35em' text-anchor='middle' font-family='Arial,sans-serif' font-weight='700' ` +
    `font-size='${text.length > 2 ? 7 : text.length > 1 ? 10 : 12}' fill='white'>${text}</text>`;
  return `data:image/svg+xml,${encodeURIComponent(svg.replace('</svg>', `${badge}</svg>`))}`;
}

/** Shows the count in the tab's title and icon (nothing for none); the original icon is kept to go back to. */
export function showUnreadCount(count: number, doc: Document = document): void {
  doc.title = unreadTitle(count);
  const link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  link.dataset.original ??= link.getAttribute('href') ?? '';
  const original = link.dataset.original;
  if (!original.startsWith('data:image/svg+xml,')) return;
  link.setAttribute('href', unreadFavicon(count, original));
}
