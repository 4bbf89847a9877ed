import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// During a rolling upgrade the nodes still on the previous version run against the database the
// new version migrated. A migration may therefore only add (tables, nullable or defaulted columns,
// indexes) and change data in ways the previous version reads: dropping, renaming or retyping
// waits for a later release, once no node uses the old shape (docs/operations.md, "Upgrades").
// The migrations before this rule applied were written for stop-the-world upgrades.
const RULE_FROM = 1765000000000;
const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** What breaks a previous version still running: SQL and TypeORM's QueryRunner calls alike. */
const BREAKING: [RegExp, string][] = [
  [/\bDROP\s+(COLUMN|TABLE|INDEX)\b|\bdrop(Column|Columns|Table|Index)\s*\(/i, 'drops what the previous version uses'],
  [/\bRENAME\b|\brename(Column|Table)\s*\(/i, 'renames what the previous version uses'],
  [/\bMODIFY\b|\bCHANGE\s+COLUMN\b|\bchangeColumns?\s*\(/i, 'retypes a column the previous version writes'],
  [
    /\bADD\s+COLUMN\b(?:(?!DEFAULT)[^'`;])*\bNOT\s+NULL\b(?:(?!DEFAULT)[^'`;])*['`;]/i,
    'adds a NOT NULL column without a default',
  ],
];

/** The text of a migration's `up`: everything before its `down`. */
function upOf(source: string): string {
  const down = source.search(/\basync\s+down\s*\(/);
  return down === -1 ? source : source.slice(0, down);
}

export function breakingChanges(source: string): string[] {
  const up = upOf(source);
  return BREAKING.filter(([pattern]) => pattern.test(up)).map(([, reason]) => reason);
}

describe('migrations a previous version can run beside', () => {
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d+-.*\.ts$/.test(f) && !f.endsWith('.spec.ts'));

  it.each(files.filter((f) => Number(f.split('-')[0]) >= RULE_FROM))('%s only adds', (file) => {
    expect(breakingChanges(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'))).toEqual([]);
  });

  it('finds what would break the previous version', () => {
    const migration = (up: string) => `async up(q) { await q.query(\`${up}\`); }\nasync down(q) { DROP TABLE x }`;
    expect(breakingChanges(migration('ALTER TABLE tickets DROP COLUMN status'))).toHaveLength(1);
    expect(breakingChanges(migration('ALTER TABLE tickets RENAME COLUMN a TO b'))).toHaveLength(1);
    expect(breakingChanges(migration('ALTER TABLE tickets MODIFY status varchar(10)'))).toHaveLength(1);
    expect(breakingChanges(migration('ALTER TABLE tags ADD COLUMN rank int NOT NULL'))).toHaveLength(1);
    expect(breakingChanges('async up(q) { await q.dropColumn("tickets", "x"); }')).toHaveLength(1);
    // What the rule allows, and a `down` that drops what `up` added.
    expect(breakingChanges(migration('ALTER TABLE tags ADD COLUMN rank int NOT NULL DEFAULT 0'))).toEqual([]);
    expect(breakingChanges(migration('ALTER TABLE tags ADD COLUMN note varchar(20) NULL'))).toEqual([]);
    expect(breakingChanges(migration('CREATE INDEX IDX_a ON tags (name)'))).toEqual([]);
  });
});
