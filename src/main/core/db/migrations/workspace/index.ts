import type { Migration } from '../../migration';

/**
 * Migrations of a profile's workspace database (cache, counts, outbox ...). One workspace file per
 * connection profile keeps training data and real data apart. Append only; never renumber.
 */
export const workspaceMigrations: readonly Migration[] = [];
