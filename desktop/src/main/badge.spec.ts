import { createAttention, type AttentionWindow } from './attention.js';
import { badgeMark, badgeView, overlayIconName, shortBadgeText } from './badge.js';
import { createMainTexts } from './main-texts.js';
import type { TrayController } from './tray.js';

const { t } = createMainTexts('en');

describe('badge', () => {
  it.each([
    [{ count: 0, stale: false }, '', null],
    [{ count: 0, stale: true }, '', null],
    [{ count: 1, stale: false }, '1', 'overlay-1'],
    [{ count: 9, stale: false }, '9', 'overlay-9'],
    [{ count: 10, stale: false }, '9+', 'overlay-9plus'],
    [{ count: 250, stale: false }, '9+', 'overlay-9plus'],
    [{ count: 4, stale: true }, '•', 'overlay-dot'],
  ])('%j: short text %p, overlay icon %p', (state, text, icon) => {
    const mark = badgeMark(state);
    expect(shortBadgeText(mark)).toBe(text);
    expect(overlayIconName(mark)).toBe(icon);
  });

  it('describes the overlay and the tray in words', () => {
    expect(badgeView({ count: 1, stale: false }, t)).toEqual({
      dockText: '1',
      launcherCount: 1,
      overlay: { icon: 'overlay-1', description: '1 ticket with unread messages' },
      trayIcon: 'tray-unread',
      trayTooltip: 'Atendo: 1 ticket with unread messages',
    });
    expect(badgeView({ count: 12, stale: false }, t)).toMatchObject({
      dockText: '12',
      overlay: { icon: 'overlay-9plus', description: '12 tickets with unread messages' },
    });
    expect(badgeView({ count: 3, stale: true }, t)).toMatchObject({
      dockText: '•',
      launcherCount: 3,
      overlay: { icon: 'overlay-dot', description: 'Unread messages, the number will update when back online' },
      trayIcon: 'tray-unread',
    });
    expect(badgeView({ count: 0, stale: false }, t)).toMatchObject({
      dockText: '',
      launcherCount: 0,
      overlay: null,
      trayIcon: 'tray',
      trayTooltip: 'Atendo',
    });
  });

  it('translates the overlay description', () => {
    const texts = createMainTexts('pt');
    expect(badgeView({ count: 2, stale: false }, texts.t).overlay?.description).toBe(
      '2 tickets com mensagens não lidas',
    );
    texts.setLanguage('es');
    expect(badgeView({ count: 2, stale: false }, texts.t).overlay?.description).toBe(
      '2 tickets con mensajes no leídos',
    );
  });
});

describe('attention badge per platform', () => {
  function setup(platform: NodeJS.Platform, focused = false) {
    const calls: unknown[][] = [];
    const window: AttentionWindow = {
      isFocused: () => focused,
      flashFrame: (flag) => void calls.push(['flash', flag]),
      setOverlayIcon: (icon, description) => void calls.push(['overlay', icon, description]),
    };
    const tray: TrayController = {
      showBadge: (view) => void calls.push(['tray', view.trayIcon]),
      refreshMenu: () => {},
    };
    const attention = createAttention({
      platform,
      t,
      getWindow: () => window,
      getTray: () => tray,
      dock: {
        setBadge: (text) => void calls.push(['dock', text]),
        bounce: (type) => void calls.push(['bounce', type]),
      },
      setBadgeCount: (count) => {
        calls.push(['launcher', count]);
        return true;
      },
      createNotification: () => ({ on: () => {}, show: () => {}, close: () => {} }),
      onNotificationClick: () => {},
    });
    return { attention, calls };
  }

  it('macOS: dock badge with the number or a dot', () => {
    const { attention, calls } = setup('darwin');
    attention.setUnread({ count: 14, stale: false });
    attention.setUnread({ count: 14, stale: true });
    attention.clear();
    expect(calls).toEqual([
      ['dock', '14'],
      ['tray', 'tray-unread'],
      ['dock', '•'],
      ['tray', 'tray-unread'],
      ['dock', ''],
      ['tray', 'tray'],
    ]);
  });

  it('Windows: taskbar overlay icon with its description, removed at zero', () => {
    const { attention, calls } = setup('win32');
    attention.setUnread({ count: 3, stale: false });
    attention.setUnread({ count: 0, stale: false });
    expect(calls).toEqual([
      ['overlay', 'overlay-3', '3 tickets with unread messages'],
      ['tray', 'tray-unread'],
      ['overlay', null, ''],
      ['tray', 'tray'],
    ]);
  });

  it('Linux: launcher count', () => {
    const { attention, calls } = setup('linux');
    attention.setUnread({ count: 5, stale: true });
    expect(calls).toEqual([
      ['launcher', 5],
      ['tray', 'tray-unread'],
    ]);
  });

  it('flashes the taskbar (Windows, Linux) or bounces the dock (macOS) only when unfocused', () => {
    const request = { title: 'Ana', body: 'Oi', route: '/tickets/1', tag: 'ticket-1' };
    for (const [platform, focused, expected] of [
      ['win32', false, [['flash', true]]],
      ['linux', false, [['flash', true]]],
      ['darwin', false, [['bounce', 'informational']]],
      ['win32', true, []],
      ['darwin', true, []],
    ] as const) {
      const { attention, calls } = setup(platform, focused);
      attention.notify(request);
      expect(calls).toEqual(expected);
    }
  });
});
