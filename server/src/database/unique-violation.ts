/** Whether a failed write broke a unique index, on MySQL/MariaDB or SQLite. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  const code = e?.driverError?.code ?? e?.code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Whether MySQL/MariaDB chose this transaction as a deadlock's victim (it was rolled back: run it again). */
export function isDeadlock(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  return (e?.driverError?.code ?? e?.code) === 'ER_LOCK_DEADLOCK';
}
