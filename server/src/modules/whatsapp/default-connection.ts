import { DomainError } from '../../common/domain-error.js';

/** What the default-connection rules need to know about a company's connections. */
export interface DefaultCandidate {
  id: number;
  isDefault: boolean;
  createdAt: Date;
}

export interface DefaultDecision {
  isDefault: boolean;
  /** The others lose the flag: a company has exactly one default connection while it has any. */
  clearOthers: boolean;
}

/** A new connection: the company's first is the default; asking for it moves it here. */
export function defaultOnCreate(others: DefaultCandidate[], wantsDefault: boolean): DefaultDecision {
  if (wantsDefault) return { isDefault: true, clearOthers: others.length > 0 };
  // No default among the others (the first connection, or a company left without one): take it.
  return { isDefault: !others.some((o) => o.isDefault), clearOthers: false };
}

/**
 * An edited connection. `wantsDefault` undefined keeps the flag. Un-setting the flag on the default
 * would leave the company without one: another connection must be made default instead.
 */
export function defaultOnUpdate(
  current: DefaultCandidate,
  others: DefaultCandidate[],
  wantsDefault: boolean | undefined,
): DefaultDecision {
  if (wantsDefault === true) return { isDefault: true, clearOthers: others.length > 0 };
  if (wantsDefault === false && current.isDefault) throw new DomainError('ERR_NO_OTHER_WHATSAPP');
  const keep = wantsDefault ?? current.isDefault;
  return { isDefault: keep || !others.some((o) => o.isDefault), clearOthers: false };
}

/** After deleting a connection: the oldest remaining one becomes default if none is left. */
export function successorOnDelete(remaining: DefaultCandidate[]): number | null {
  if (!remaining.length || remaining.some((r) => r.isDefault)) return null;
  const [oldest] = [...remaining].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  return oldest.id;
}
