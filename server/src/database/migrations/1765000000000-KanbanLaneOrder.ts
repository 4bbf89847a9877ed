import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The kanban lanes' order, which an admin sets: a tag's place on the board. The lanes that exist
 * keep the order they were shown in (by name), so nobody's board moves on upgrade.
 */
export class KanbanLaneOrder1765000000000 implements MigrationInterface {
  name = 'KanbanLaneOrder1765000000000';

  async up(q: QueryRunner): Promise<void> {
    // Plain ADD COLUMN on both engines (SQLite need not rebuild the table for it).
    await q.query('ALTER TABLE tags ADD COLUMN kanbanOrder int NOT NULL DEFAULT 0');
    const lanes = (await q.query('SELECT id, companyId FROM tags WHERE kanban = 1 ORDER BY companyId, name, id')) as {
      id: number | string;
      companyId: number | string;
    }[];
    let company: number | undefined;
    let place = 0;
    for (const lane of lanes) {
      if (Number(lane.companyId) !== company) {
        company = Number(lane.companyId);
        place = 0;
      }
      place += 1;
      await q.query('UPDATE tags SET kanbanOrder = ? WHERE id = ?', [place, Number(lane.id)]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE tags DROP COLUMN kanbanOrder');
  }
}
