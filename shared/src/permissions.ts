import type { PlanFeature } from './plans/plans.types.js';
import type { Profile } from './users/users.types.js';

/** Every permission key the UI and the server check. */
export const PERMISSIONS = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'tickets:peek',
  'tickets:searchByUser',
  'tickets:bypassQueueRestriction',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  /** Bringing contacts in, from a spreadsheet or a connection's address book. */
  'contacts:import',
  'connections-page:actionButtons',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
  'users:manage',
  'queues:manage',
  'settings:manage',
  'campaigns:manage',
  'flows:manage',
  'tags:kanbanToggle',
  /** The kanban lanes' order on the board: the company's, so admins set it. */
  'tags:arrangeLanes',
  'invoices:manage',
  'files:manage',
  /** AI prompts and queue integrations, with their secrets. */
  'integrations:manage',
  // Super-admin (platform) permissions.
  'companies:manage',
  'plans:manage',
  'helps:manage',
  'announcements:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ADMIN: Permission[] = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'tickets:peek',
  'tickets:searchByUser',
  'tickets:bypassQueueRestriction',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'contacts:import',
  'connections-page:actionButtons',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
  'users:manage',
  'queues:manage',
  'settings:manage',
  'campaigns:manage',
  'flows:manage',
  'tags:kanbanToggle',
  'tags:arrangeLanes',
  'invoices:manage',
  'files:manage',
  'integrations:manage',
];

/** A supervisor watches the team: every ticket and the kanban lanes, without running the company. */
const SUPERVISOR: Permission[] = [
  'tickets-manager:showall',
  'tickets:peek',
  'tickets:searchByUser',
  'tags:kanbanToggle',
  'contacts:import',
];

/**
 * Agents read a waiting customer's conversation before taking it (read-only, from the waiting
 * list), as the people who run the team do.
 */
const USER: Permission[] = ['tickets:peek'];

const SUPER: Permission[] = ['companies:manage', 'plans:manage', 'helps:manage', 'announcements:manage'];

export const ROLE_PERMISSIONS: Record<Profile, readonly Permission[]> = {
  admin: ADMIN,
  supervisor: SUPERVISOR,
  user: USER,
};

export interface PermissionSubject {
  profile: Profile | string;
  super?: boolean;
}

export function permissionsOf(subject: PermissionSubject): Set<Permission> {
  const own = ROLE_PERMISSIONS[subject.profile as Profile] ?? [];
  return new Set<Permission>(subject.super ? [...own, ...SUPER] : own);
}

export function can(subject: PermissionSubject | null | undefined, permission: Permission): boolean {
  return !!subject && permissionsOf(subject).has(permission);
}

export type PlanFlags = Partial<Record<PlanFeature, boolean>>;

export function hasFeature(plan: PlanFlags | null | undefined, feature: PlanFeature): boolean {
  return !!plan && plan[feature] === true;
}
