import { can } from '@atendo/shared';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../app/store';
import { selectSessionUser } from '../auth/auth.slice';
import { useListConnectionsQuery } from './connections.api';
import { hasConnectionWarning } from './connection-status';

/** Spec §9: the connection alert is checked 2 s after load, so a session still booting does not flash it. */
export const CONNECTION_WARNING_DELAY_MS = 2000;

/**
 * Whether the Connections menu entry shows its warning badge: some connection is in a state of
 * CONNECTION_WARNING_STATUSES. Reads the same cached list the page shows, which live events keep
 * current, so the badge follows sessions without polling.
 */
export function useConnectionWarning(): boolean {
  const user = useAppSelector(selectSessionUser);
  const allowed = can(user, 'drawer-admin-items:view');
  const { data } = useListConnectionsQuery(undefined, { skip: !allowed });
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!allowed) return;
    const timer = window.setTimeout(() => setArmed(true), CONNECTION_WARNING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [allowed]);
  return allowed && armed && hasConnectionWarning(data ?? []);
}
