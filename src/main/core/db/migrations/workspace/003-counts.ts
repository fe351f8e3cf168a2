import type { Migration } from '../../migration';

export const m003Counts: Migration = {
  version: 3,
  name: 'counts',
  up() {
    // tables of the counts feature
  },
};
