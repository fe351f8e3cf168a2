import type { Migration } from '../../migration';

export const m006Products: Migration = {
  version: 6,
  name: 'products',
  up() {
    // tables of the products feature
  },
};
