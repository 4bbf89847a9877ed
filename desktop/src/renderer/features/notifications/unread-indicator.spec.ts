import { showUnreadCount, unreadFavicon, unreadTitle } from './unread-indicator';

const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='16' cy='16' r='15'/%3E%3C/svg%3E";

describe('unread count in the tab', () => {
  it('puts the count before the title, 99+ past 99, nothing for none', () => {
    expect(unreadTitle(0)).toBe('Atendo');
    expect(unreadTitle(3)).toBe('(3) Atendo');
    expect(unreadTitle(150)).toBe('(99+) Atendo');
  });

  it('draws a badge with the count on the icon, and gives the icon back for none', () => {
    expect(unreadFavicon(0, ICON)).toBe(ICON);
    const badged = decodeURIComponent(unreadFavicon(7, ICON).slice('data:image/svg+xml,'.length));
    expect(badged).toMatch(/<circle cx='16' cy='16' r='15'\/><circle cx='23'.*>7<\/text><\/svg>$/);
    expect(decodeURIComponent(unreadFavicon(120, ICON))).toContain('>99+</text>');
  });

  it('changes the document and goes back to the original icon', () => {
    document.head.innerHTML = `<link rel="icon" href="${ICON}">`;
    showUnreadCount(2);
    expect(document.title).toBe('(2) Atendo');
    expect(decodeURIComponent(document.querySelector('link')!.getAttribute('href')!)).toContain('>2</text>');
    showUnreadCount(0);
    expect(document.title).toBe('Atendo');
    expect(document.querySelector('link')!.getAttribute('href')).toBe(ICON);
  });
});
