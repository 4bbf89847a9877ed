import type { Id } from '../common/common.types.js';

export interface TagSummary {
  id: Id;
  name: string;
  color: string;
}

export interface Tag extends TagSummary {
  companyId: Id;
  /** Stored as 1 or 0: a kanban tag is a lane of the kanban board. */
  kanban: 0 | 1;
  /** A lane's place on the board, 1 first (admins arrange it); lanes come in this order. */
  kanbanOrder: number;
  userId: Id | null;
  ticketsCount?: number;
}

/** GET /tags: 20 a page by name, each with its tickets count. */
export interface TagsPage {
  tags: Tag[];
  count: number;
  hasMore: boolean;
}
