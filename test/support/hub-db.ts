import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A database URL of the run's cluster (test/support/pg-global.ts). */
export const databaseUrl = (name: string) => `postgresql://wd@/${name}?host=${encodeURIComponent(inject('pgSocketDir'))}`;

/** A new database cloned from the migrated template: this test's own rows, nobody else's. */
export async function freshDatabase(): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE wd_template`);
  } finally {
    await admin.end();
  }
  return databaseUrl(name);
}
