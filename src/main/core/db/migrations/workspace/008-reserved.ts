import type { Migration } from '../../migration';

/**
 * Placeholder on branch i17 only: version 8 belongs to another issue's migration, which replaces
 * this file when the branches are merged (migration versions must be contiguous).
 */
export const m008Reserved: Migration = {
  version: 8,
  name: 'reserved-8',
  up() {},
};
