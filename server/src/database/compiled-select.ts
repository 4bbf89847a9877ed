import type { DataSource, EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { DateUtils } from 'typeorm/util/DateUtils.js';

/** One alias of the query: its selected columns, and where its entity hangs in the result. */
interface AliasPlan {
  name: string;
  /** The alias this one is joined to, and the relation property it fills there; null for the main alias. */
  parent: string | null;
  property: string | null;
  columns: { key: string; column: ColumnMetadata }[];
  primaryKey: string;
}

const sentinel = (name: string) => `\u0000param:${name}\u0000`;

/**
 * A SELECT of the hot paths (the ticket and message read-backs of every inbound message, the ticket
 * guard of every conversation request), built once with TypeORM's query builder and afterwards run
 * as its finished SQL with a hydration plan made at build time.
 *
 * Why: building the same statement again on every call (escaping, alias and property replacement
 * over the whole SQL text) and TypeORM's generic raw-to-entity transformation cost more CPU than
 * the database spends answering it; on the inbound path they were a quarter of the server's time.
 * Values still go through the driver's own hydration (dates, booleans, JSON), so rows come out as
 * the query builder would give them. Parameters are scalars named when compiling; `limit` appends a
 * bound LIMIT/OFFSET.
 */
export class CompiledSelect<T extends ObjectLiteral, P extends string> {
  private readonly sql: string;
  /** `FROM <main table> <alias>` as it stands in `sql`: what `filtered` may replace. */
  private readonly mainFrom: string;
  private readonly order: P[];
  private readonly plans: AliasPlan[];
  /** SQLite binds neither dates nor booleans: they go in as the query builder would write them. */
  private readonly bind: (value: unknown) => unknown;

  constructor(
    private readonly db: DataSource,
    build: (manager: EntityManager) => SelectQueryBuilder<T>,
    params: readonly P[],
  ) {
    this.bind = parameterBinder(db.options.type);
    const qb = build(db.manager);
    qb.setParameters(Object.fromEntries(params.map((p) => [p, sentinel(p)])));
    const [sql, values] = qb.getQueryAndParameters();
    this.sql = sql;
    this.order = values.map((value) => {
      const name = params.find((p) => sentinel(p) === value);
      if (!name) throw new Error(`compiled select: a parameter that is not named (${String(value)})`);
      return name;
    });
    const map = qb.expressionMap;
    this.mainFrom = `FROM ${qb.escape(map.mainAlias?.metadata.tableName ?? '')} ${qb.escape(map.mainAlias?.name ?? '')}`;
    const joins = new Map(
      map.joinAttributes.map((j) => [
        j.alias.name,
        { parent: j.parentAlias ?? null, property: j.relationPropertyPath },
      ]),
    );
    const selected = map.selects.map((s) => s.selection);
    const main = map.mainAlias;
    if (!main) throw new Error('compiled select: no main alias');
    // The main alias first: hydration returns the first plan's entity.
    this.plans = [main, ...map.aliases.filter((a) => a !== main && a.hasMetadata && joins.has(a.name))].map((alias) => {
      const metadata = alias.metadata;
      const columns = selected
        .filter((s) => s.startsWith(`${alias.name}.`))
        .map((s) => {
          const column = metadata.findColumnWithPropertyPath(s.slice(alias.name.length + 1));
          if (!column) throw new Error(`compiled select: no column ${s}`);
          return { key: `${alias.name}_${column.databaseName}`, column };
        });
      const join = joins.get(alias.name);
      return {
        name: alias.name,
        parent: join?.parent ?? null,
        property: join?.property ?? null,
        columns,
        primaryKey: `${alias.name}_${metadata.primaryColumns[0].databaseName}`,
      };
    });
  }

  async many(params: Record<P, unknown>, options: { em?: EntityManager; limit?: number; offset?: number } = {}) {
    return this.run(
      this.sql,
      this.order.map((name) => params[name]),
      options,
    );
  }

  /**
   * For a SELECT compiled without a WHERE: adds `where` (plain SQL on the query's aliases) and an
   * ORDER BY, for lists whose filters vary from call to call.
   */
  async filtered(
    where: SqlWhere,
    orderBy: string,
    options: { limit?: number; offset?: number; from?: FromClause } = {},
  ): Promise<T[]> {
    const { from } = options;
    let sql = this.sql;
    if (from) {
      if (!sql.includes(`${this.mainFrom} `)) throw new Error('compiled select: the main table is not where expected');
      sql = sql.replace(`${this.mainFrom} `, `FROM ${from.sql} `);
      // MySQL/MariaDB's STRAIGHT_JOIN: the tables joined in the order they are written.
      if (from.straight) sql = sql.replace(/^SELECT /, 'SELECT STRAIGHT_JOIN ');
    }
    return this.run(
      `${sql} WHERE ${where.sql} ORDER BY ${orderBy}`,
      [...(from?.values ?? []), ...where.values],
      options,
    );
  }

  private async run(
    sql: string,
    params: unknown[],
    { em, limit, offset }: { em?: EntityManager; limit?: number; offset?: number },
  ): Promise<T[]> {
    const values = params.map(this.bind);
    if (limit !== undefined) {
      sql += ' LIMIT ? OFFSET ?';
      values.push(limit, offset ?? 0);
    }
    const rows = (await (em ?? this.db.manager).query(sql, values)) as Record<string, unknown>[];
    return rows.map((row) => this.hydrate(row));
  }

  async one(params: Record<P, unknown>, em?: EntityManager): Promise<T | null> {
    return (await this.many(params, { em, limit: 1 }))[0] ?? null;
  }

  private hydrate(row: Record<string, unknown>): T {
    const driver = this.db.driver;
    const entities = new Map<string, ObjectLiteral | null>();
    for (const plan of this.plans) {
      // A left join that found nothing leaves its relation null, as the query builder does.
      if (plan.parent !== null && row[plan.primaryKey] === null) {
        entities.set(plan.name, null);
        continue;
      }
      const entity: ObjectLiteral = {};
      for (const { key, column } of plan.columns)
        entity[column.propertyName] = driver.prepareHydratedValue(row[key], column);
      entities.set(plan.name, entity);
    }
    for (const plan of this.plans) {
      if (plan.parent === null || plan.property === null) continue;
      const parent = entities.get(plan.parent);
      if (parent) parent[plan.property] = entities.get(plan.name);
    }
    return entities.get(this.plans[0].name) as T;
  }
}

/**
 * How a parameter of finished SQL reaches the driver: mysql2 takes Dates and booleans as they are;
 * better-sqlite3 takes neither, so they go as TypeORM stores them (UTC datetime text, 0/1).
 */
export function parameterBinder(type: string): (value: unknown) => unknown {
  if (type === 'mysql' || type === 'mariadb') return (value) => value;
  return (value) =>
    value instanceof Date
      ? DateUtils.mixedDateToUtcDatetimeString(value)
      : typeof value === 'boolean'
        ? Number(value)
        : value;
}

/** One positional placeholder per value, for an IN list. */
export const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/**
 * What a filtered SELECT reads first, in place of its main table: the table with an index hint, or
 * a derived table of ids joined to it (which must still name the main alias), with its values.
 */
export interface FromClause {
  sql: string;
  values: unknown[];
  straight: boolean;
}

/** AND-ed SQL conditions with their positional values, built up filter by filter. */
export class SqlWhere {
  private readonly parts: string[] = [];
  readonly values: unknown[] = [];

  constructor(sql: string, ...values: unknown[]) {
    this.add(sql, ...values);
  }

  add(sql: string, ...values: unknown[]): this {
    this.parts.push(sql);
    this.values.push(...values);
    return this;
  }

  get sql(): string {
    return this.parts.join(' AND ');
  }
}
