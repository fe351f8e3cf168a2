import type { Migration } from '../../migration';

/**
 * Placeholder on branch i17 only: version 7 belongs to another issue's migration, which replaces
 * this file when the branches are merged (migration versions must be contiguous).
 */
export const m007Reserved: Migration = {
  version: 7,
  name: 'reserved-7',
  up() {},
};
