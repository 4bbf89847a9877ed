import {
  addRecurrence,
  can,
  daysUntil,
  ERROR_CODES,
  ERROR_STATUS,
  hasFeature,
  invoiceDisplayStatus,
  permissionsOf,
  withinLimit,
} from './index.js';

describe('permissions', () => {
  it("gives admins the spec's admin permissions and plain users only the waiting tickets' peek", () => {
    for (const key of [
      'dashboard:view',
      'tickets-manager:showall',
      'user-modal:editProfile',
      'user-modal:editQueues',
      'ticket-options:deleteTicket',
      'contacts-page:deleteContact',
      'connections-page:actionButtons',
      'connections-page:addConnection',
      'connections-page:editOrDeleteConnection',
    ] as const) {
      expect(can({ profile: 'admin' }, key)).toBe(true);
      expect(can({ profile: 'user' }, key)).toBe(false);
    }
    expect([...permissionsOf({ profile: 'user' })]).toEqual(['tickets:peek']);
  });

  it('lets supervisors see every ticket and toggle kanban tags, not run the company', () => {
    expect(can({ profile: 'supervisor' }, 'tickets-manager:showall')).toBe(true);
    expect(can({ profile: 'supervisor' }, 'tags:kanbanToggle')).toBe(true);
    expect(can({ profile: 'supervisor' }, 'users:manage')).toBe(false);
    expect(can({ profile: 'supervisor' }, 'dashboard:view')).toBe(false);
  });

  it('reserves platform permissions to the super flag', () => {
    expect(can({ profile: 'admin' }, 'companies:manage')).toBe(false);
    expect(can({ profile: 'admin', super: true }, 'companies:manage')).toBe(true);
    expect(can({ profile: 'user', super: true }, 'announcements:manage')).toBe(true);
    expect(can(null, 'dashboard:view')).toBe(false);
    expect(can({ profile: 'hacker' }, 'dashboard:view')).toBe(false);
  });

  it('reads plan flags and limits', () => {
    expect(hasFeature({ useKanban: true }, 'useKanban')).toBe(true);
    expect(hasFeature({ useKanban: false }, 'useKanban')).toBe(false);
    expect(hasFeature(null, 'useKanban')).toBe(false);
    expect(withinLimit(3, 2)).toBe(true);
    expect(withinLimit(3, 3)).toBe(false);
    expect(withinLimit(0, 1000)).toBe(true);
  });
});

describe('dates and money rules', () => {
  it('moves a due date by the recurrence, clamping to the end of the month', () => {
    const jan31 = new Date(Date.UTC(2027, 0, 31, 12));
    expect(addRecurrence(jan31, 'MENSAL').toISOString().slice(0, 10)).toBe('2027-02-28');
    expect(addRecurrence(jan31, 'BIMESTRAL').toISOString().slice(0, 10)).toBe('2027-03-31');
    expect(addRecurrence(jan31, 'TRIMESTRAL').toISOString().slice(0, 10)).toBe('2027-04-30');
    expect(addRecurrence(jan31, 'SEMESTRAL').toISOString().slice(0, 10)).toBe('2027-07-31');
    expect(addRecurrence(jan31, 'ANUAL').toISOString().slice(0, 10)).toBe('2028-01-31');
    expect(
      addRecurrence(new Date(Date.UTC(2027, 11, 15)), 'MENSAL')
        .toISOString()
        .slice(0, 10),
    ).toBe('2028-01-15');
  });

  it('counts calendar days to a due date', () => {
    const now = new Date(Date.UTC(2027, 5, 10, 23, 0));
    expect(daysUntil(new Date(Date.UTC(2027, 5, 13, 1, 0)), now)).toBe(3);
    expect(daysUntil(new Date(Date.UTC(2027, 5, 10, 1, 0)), now)).toBe(0);
    expect(daysUntil(new Date(Date.UTC(2027, 5, 8)), now)).toBe(-2);
  });

  it('shows invoices as paid, expired or open', () => {
    const now = new Date(Date.UTC(2027, 5, 10, 12));
    expect(invoiceDisplayStatus({ status: 'paid', dueDate: '2020-01-01' }, now)).toBe('paid');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2027-06-09' }, now)).toBe('expired');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2027-06-10' }, now)).toBe('open');
  });
});

describe('error catalogue', () => {
  it('has every code of the spec with a status', () => {
    for (const code of [
      'ERR_INTERNAL_SERVER_ERROR',
      'ERR_NO_OTHER_WHATSAPP',
      'ERR_NO_DEF_WAPP_FOUND',
      'ERR_WAPP_NOT_INITIALIZED',
      'ERR_WAPP_CHECK_CONTACT',
      'ERR_WAPP_INVALID_CONTACT',
      'ERR_WAPP_DOWNLOAD_MEDIA',
      'ERR_INVALID_CREDENTIALS',
      'ERR_USER_DONT_EXISTS',
      'ERR_SENDING_WAPP_MSG',
      'ERR_DELETE_WAPP_MSG',
      'ERR_OTHER_OPEN_TICKET',
      'ERR_SESSION_EXPIRED',
      'ERR_USER_CREATION_DISABLED',
      'ERR_NO_PERMISSION',
      'ERR_DUPLICATED_CONTACT',
      'ERR_NO_SETTING_FOUND',
      'ERR_NO_CONTACT_FOUND',
      'ERR_NO_TICKET_FOUND',
      'ERR_NO_USER_FOUND',
      'ERR_NO_WAPP_FOUND',
      'ERR_CREATING_MESSAGE',
      'ERR_CREATING_TICKET',
      'ERR_FETCH_WAPP_MSG',
      'ERR_QUEUE_COLOR_ALREADY_EXISTS',
      'ERR_WAPP_GREETING_REQUIRED',
    ]) {
      expect(ERROR_CODES).toContain(code);
    }
    expect(ERROR_STATUS.ERR_TOKEN_EXPIRED).toBe(403);
    expect(ERROR_STATUS.ERR_INVALID_TOKEN).toBe(401);
    expect(ERROR_STATUS.ERR_INTERNAL_SERVER_ERROR).toBe(500);
  });
});
