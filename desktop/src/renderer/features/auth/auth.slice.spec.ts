import { describe, expect, it } from '@jest/globals';
import type { SessionUser } from '@atendo/shared';
import { authSlice, companyDueDateUpdated } from './auth.slice';

const user = {
  id: 1,
  name: 'Ana',
  companyId: 7,
  company: { id: 7, name: 'Acme', dueDate: '2030-01-31', settings: [] },
} as unknown as SessionUser;

/** The desktop app's state before /auth/me answered: the user is the stored copy. */
const fromSnapshot = { token: 'token', user, userFromSnapshot: true };

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
    const signedOut = { token: null, user: null, userFromSnapshot: false };
    expect(authSlice.reducer(signedOut, companyDueDateUpdated({ companyId: 7, dueDate: '2030-03-02' }))).toEqual(
      signedOut,
    );
  });
});
