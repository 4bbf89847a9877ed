import { describe, expect, it } from '@jest/globals';
import type { SessionUser } from '@atendo/shared';
import { authSlice, companyDueDateUpdated, sessionCleared, sessionStarted, signedOutReasonOf } from './auth.slice';

const user = {
  id: 1,
  name: 'Ana',
  companyId: 7,
  company: { id: 7, name: 'Acme', dueDate: '2030-01-31', settings: [] },
} as unknown as SessionUser;

/** The desktop app's state before /auth/me answered: the user is the stored copy. */
const fromSnapshot = { token: 'token', user, userFromSnapshot: true, signedOutReason: null };

describe('companyDueDateUpdated', () => {
  it("moves the signed-in user's company due date and leaves the copy's origin alone", () => {
    const state = authSlice.reducer(fromSnapshot, companyDueDateUpdated({ companyId: 7, dueDate: '2030-03-02' }));
    expect(state.user?.company.dueDate).toBe('2030-03-02');
    expect(state.user?.name).toBe('Ana');
    expect(state.userFromSnapshot).toBe(true);
  });

  it("ignores another company's payment and a signed-out state", () => {
    const other = authSlice.reducer(fromSnapshot, companyDueDateUpdated({ companyId: 8, dueDate: '2030-03-02' }));
    expect(other.user?.company.dueDate).toBe('2030-01-31');
    const signedOut = { token: null, user: null, userFromSnapshot: false, signedOutReason: null };
    expect(authSlice.reducer(signedOut, companyDueDateUpdated({ companyId: 7, dueDate: '2030-03-02' }))).toEqual(
      signedOut,
    );
  });
});

describe('the end of a session', () => {
  it('remembers why it ended when the user did not end it, until the next sign-in', () => {
    const ended = authSlice.reducer(fromSnapshot, sessionCleared(signedOutReasonOf('ERR_PASSWORD_CHANGED')));
    expect(ended).toEqual({ token: null, user: null, userFromSnapshot: false, signedOutReason: 'passwordChanged' });
    expect(authSlice.reducer(fromSnapshot, sessionCleared()).signedOutReason).toBeNull();
    expect(signedOutReasonOf('ERR_SESSION_EXPIRED')).toBeNull();
    const again = authSlice.reducer(ended, sessionStarted({ token: 't2', user }));
    expect(again.signedOutReason).toBeNull();
  });
});
