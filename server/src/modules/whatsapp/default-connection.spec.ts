import { DomainError } from '../../common/domain-error.js';
import { defaultOnCreate, defaultOnUpdate, successorOnDelete, type DefaultCandidate } from './default-connection.js';

const at = (day: number) => new Date(Date.UTC(2025, 0, day));
const conn = (id: number, isDefault: boolean, day = id): DefaultCandidate => ({ id, isDefault, createdAt: at(day) });

const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (error) {
    return (error as DomainError).code;
  }
};

describe('default connection', () => {
  it("makes a company's first connection the default, asked or not", () => {
    expect(defaultOnCreate([], false)).toEqual({ isDefault: true, clearOthers: false });
    expect(defaultOnCreate([], true)).toEqual({ isDefault: true, clearOthers: false });
  });

  it('moves the flag to a new connection only when asked', () => {
    const others = [conn(1, true), conn(2, false)];
    expect(defaultOnCreate(others, false)).toEqual({ isDefault: false, clearOthers: false });
    expect(defaultOnCreate(others, true)).toEqual({ isDefault: true, clearOthers: true });
  });

  it('moves the flag when an edit sets it, and keeps it when the edit does not say', () => {
    expect(defaultOnUpdate(conn(2, false), [conn(1, true)], true)).toEqual({ isDefault: true, clearOthers: true });
    expect(defaultOnUpdate(conn(2, false), [conn(1, true)], undefined)).toEqual({
      isDefault: false,
      clearOthers: false,
    });
    expect(defaultOnUpdate(conn(1, true), [conn(2, false)], undefined)).toEqual({
      isDefault: true,
      clearOthers: false,
    });
    expect(defaultOnUpdate(conn(2, false), [conn(1, true)], false)).toEqual({ isDefault: false, clearOthers: false });
  });

  it('refuses to un-set the only default: ERR_NO_OTHER_WHATSAPP', () => {
    expect(codeOf(() => defaultOnUpdate(conn(1, true), [], false))).toBe('ERR_NO_OTHER_WHATSAPP');
    expect(codeOf(() => defaultOnUpdate(conn(1, true), [conn(2, false)], false))).toBe('ERR_NO_OTHER_WHATSAPP');
  });

  it('repairs a company left without a default on the next edit', () => {
    expect(defaultOnUpdate(conn(2, false), [conn(1, false)], undefined).isDefault).toBe(true);
  });

  it('promotes the oldest remaining connection when the default is deleted', () => {
    expect(successorOnDelete([conn(5, false, 3), conn(3, false, 1), conn(4, false, 1)])).toBe(3);
    expect(successorOnDelete([conn(5, false), conn(3, true)])).toBeNull();
    expect(successorOnDelete([])).toBeNull();
  });
});
