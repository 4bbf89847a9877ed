import type { Id } from '@atendo/shared';

/** Where a flow is drawn (the flow builder's page, spec 2 §2: /flowbuilder/:id). */
export function flowEditorPath(id: Id): string {
  return `/flowbuilder/${id}`;
}
