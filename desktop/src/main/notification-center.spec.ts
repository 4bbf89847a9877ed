import { jest } from '@jest/globals';
import { createMainTexts } from './main-texts.js';
import { createNotificationCenter, type NotificationOptions, type NotificationPort } from './notification-center.js';

class FakeNotification implements NotificationPort {
  readonly listeners = new Map<string, () => void>();
  shown = false;
  closed = false;
  constructor(readonly options: NotificationOptions) {}
  on(event: 'click' | 'close', listener: () => void) {
    this.listeners.set(event, listener);
  }
  show() {
    this.shown = true;
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.listeners.get('close')?.();
  }
  click() {
    this.listeners.get('click')?.();
  }
}

function setup() {
  const notifications: FakeNotification[] = [];
  const opened: string[] = [];
  const center = createNotificationCenter({
    createNotification: (options) => {
      const notification = new FakeNotification(options);
      notifications.push(notification);
      return notification;
    },
    onClick: (route) => void opened.push(route),
    t: createMainTexts('en').t,
    burstMs: 4000,
  });
  const visible = () => notifications.filter((n) => n.shown && !n.closed).map((n) => n.options);
  return { center, notifications, opened, visible };
}

const message = (ticket: number, body: string) => ({
  title: `Customer ${ticket}`,
  body,
  route: `/tickets/uuid-${ticket}`,
  tag: `ticket-${ticket}`,
});

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2025-01-01T12:00:00Z') });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('notification center', () => {
  it('shows the first message at once, silent (the renderer plays the chime)', () => {
    const { center, visible } = setup();
    center.notify(message(1, 'Olá'));
    expect(visible()).toEqual([{ title: 'Customer 1', body: 'Olá', silent: true }]);
  });

  it('folds a burst on one ticket into one notification with the count and the latest text', () => {
    const { center, notifications, visible } = setup();
    center.notify(message(1, 'first'));
    for (const body of ['second', 'third', 'fourth']) {
      jest.advanceTimersByTime(200);
      center.notify(message(1, body));
    }
    // Held back during the burst: still only the first toast.
    expect(notifications).toHaveLength(1);
    jest.advanceTimersByTime(4000);
    expect(notifications).toHaveLength(2);
    expect(visible()).toEqual([{ title: 'Customer 1', body: '4 new messages · fourth', silent: true }]);
    expect(notifications[0].closed).toBe(true);
  });

  it('shows a later message of the same ticket at once, replacing the earlier one', () => {
    const { center, visible } = setup();
    center.notify(message(1, 'first'));
    jest.advanceTimersByTime(10_000);
    center.notify(message(1, 'again'));
    expect(visible()).toEqual([{ title: 'Customer 1', body: '2 new messages · again', silent: true }]);
  });

  it('keeps one notification per ticket', () => {
    const { center, visible } = setup();
    center.notify(message(1, 'a'));
    center.notify(message(2, 'b'));
    expect(visible().map((n) => n.title)).toEqual(['Customer 1', 'Customer 2']);
  });

  it("a click opens the ticket's route, closes it and starts the count over", () => {
    const { center, notifications, opened, visible } = setup();
    center.notify(message(1, 'a'));
    center.notify(message(2, 'b'));
    notifications[1].click();
    expect(opened).toEqual(['/tickets/uuid-2']);
    expect(visible().map((n) => n.title)).toEqual(['Customer 1']);
    center.notify(message(2, 'c'));
    expect(visible()[1]).toEqual({ title: 'Customer 2', body: 'c', silent: true });
  });

  it('the click of a replaced notification is still routed', () => {
    const { center, notifications, opened } = setup();
    center.notify(message(1, 'a'));
    jest.advanceTimersByTime(5000);
    center.notify(message(1, 'b'));
    notifications[1].click();
    expect(opened).toEqual(['/tickets/uuid-1']);
  });

  it('a dismissed notification starts the count over', () => {
    const { center, notifications, visible } = setup();
    center.notify(message(1, 'a'));
    notifications[0].close();
    jest.advanceTimersByTime(100);
    center.notify(message(1, 'b'));
    expect(visible()).toEqual([{ title: 'Customer 1', body: 'b', silent: true }]);
  });

  it('dismiss removes a read ticket, with any held message; clear removes everything', () => {
    const { center, notifications, visible } = setup();
    center.notify(message(1, 'a'));
    center.notify(message(1, 'held'));
    center.notify(message(2, 'b'));
    center.dismiss('ticket-1');
    jest.advanceTimersByTime(10_000);
    expect(visible().map((n) => n.title)).toEqual(['Customer 2']);
    expect(notifications).toHaveLength(2);
    center.clear();
    expect(visible()).toEqual([]);
  });

  it('does nothing where the OS has no notifications', () => {
    const center = createNotificationCenter({
      createNotification: () => null,
      onClick: () => {},
      t: createMainTexts('en').t,
    });
    expect(() => center.notify(message(1, 'a'))).not.toThrow();
  });
});
