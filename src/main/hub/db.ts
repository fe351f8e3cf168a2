import pg from 'pg';
import { HUB_MIGRATIONS } from './migrations';

/** Advisory lock keys of the hub (one namespace: 0x5744 = "WD"). */
export const LOCKS: Record<'migrate' | 'leader' | 'changes', [number, number]> = {
  migrate: [0x5744, 1],
  leader: [0x5744, 2],
  changes: [0x5744, 3],
};

export type Pool = pg.Pool;

/**
 * The hub's pool. `connectionString` is DATABASE_URL; without one, node-postgres reads the PG*
 * variables (PGHOST, PGDATABASE, PGUSER, PGPASSWORD …) as psql does.
 */
export function openPool(connectionString: string | undefined, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: 'wd-hub' });
  // An idle client that loses its connection (the server restarted) emits on the pool; without a
  // listener that would end the process. The next query opens a new connection.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Runs the migrations not yet applied, in order, each in its own transaction, while holding the
 * migration lock: a second hub starting at the same moment waits, then finds nothing to do.
 * Returns the versions it applied.
 */
export async function migrate(pool: pg.Pool): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', LOCKS.migrate);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS hub_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      const done = new Set((await client.query<{ version: number }>('SELECT version FROM hub_migrations')).rows.map((r) => r.version));
      const newest = Math.max(0, ...done);
      const known = Math.max(...HUB_MIGRATIONS.map((m) => m.version));
      if (newest > known) throw new HubSchemaTooNew(newest, known);
      const applied: number[] = [];
      for (const m of HUB_MIGRATIONS) {
        if (done.has(m.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO hub_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
          await client.query('COMMIT');
        } catch (e) {
          await client.query('ROLLBACK');
          throw e;
        }
        applied.push(m.version);
      }
      return applied;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', LOCKS.migrate);
    }
  } finally {
    client.release();
  }
}

/** The database was migrated by a newer hub: this one must not write to it. */
export class HubSchemaTooNew extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(`the hub database is at schema ${found}, this hub knows up to ${known}: update the hub`);
  }
}
