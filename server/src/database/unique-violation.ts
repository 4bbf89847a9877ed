/** The driver's error code of a failed statement (TypeORM wraps it; mysql2 and better-sqlite3 set `code`). */
function driverCode(error: unknown): string | undefined {
  const e = error as { code?: string; driverError?: { code?: string } };
  return e?.driverError?.code ?? e?.code;
}

/** Whether a failed write broke a unique index, on MySQL/MariaDB or SQLite. */
export function isUniqueViolation(error: unknown): boolean {
  const code = driverCode(error);
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Whether a delete was refused because other rows still point at the row, on MySQL/MariaDB or SQLite. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = driverCode(error);
  return (
    code === 'ER_ROW_IS_REFERENCED_2' || code === 'ER_ROW_IS_REFERENCED' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
  );
}

/** Whether MySQL/MariaDB chose this transaction as a deadlock's victim (it was rolled back: run it again). */
export function isDeadlock(error: unknown): boolean {
  return driverCode(error) === 'ER_LOCK_DEADLOCK';
}
