import type { Flow } from '@atendo/shared';

/** A flow as the server answers it, for the flows' tests. */
export function flowOf(id: number, name: string, changes: Partial<Flow> = {}): Flow {
  return {
    id,
    companyId: 1,
    name,
    active: false,
    version: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...changes,
  };
}
