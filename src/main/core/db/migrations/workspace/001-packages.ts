import type { Migration } from '../../migration';

export const m001Packages: Migration = {
  version: 1,
  name: 'packages',
  up() {
    // tables of the packages feature
  },
};
