import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openPool } from '../../src/main/hub/db';
import { startCluster } from './pg';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's socket folder (test/support/hub-db.ts builds URLs from it). */
    pgSocketDir: string;
  }
}

/**
 * The hub tests' global set-up: one PostgreSQL cluster for the run (test/support/pg.ts, about 2 s)
 * and a template database with the hub's migrations applied; each test file works on a database
 * cloned from it (`freshDatabase`, about 0.4 s), so files never see each other's rows.
 */
export default async function setup(project: TestProject) {
  const cluster = startCluster();
  try {
    await template(cluster.url, cluster.database('wd_template'));
  } catch (e) {
    cluster.stop();
    throw e;
  }
  project.provide('pgSocketDir', cluster.socketDir);
  return () => cluster.stop();
}

async function template(adminUrl: string, templateUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE wd_template');
  await admin.end();
  const pool = openPool(templateUrl, 1);
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
}
