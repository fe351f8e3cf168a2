import type { Migration } from '../../migration';

/** The package cache's FTS5 indexes: the free text (trigram) and the two code indexes. */
export const CACHE_FTS_TABLES = ['packages_fts', 'package_names', 'package_products'] as const;

/**
 * The package cache's FTS5 indexes merge their segments when the app asks (packages-repo.ts,
 * mergeIndexes: the sync asks between its slices, a notification after its package), no longer
 * inside whichever commit FTS5 chose.
 *
 * Why: every commit writes a new segment of each FTS5 index, and FTS5's automerge (default 4)
 * then merged segments as part of the same commit, with work that grows with the index. At
 * 120,000 packages a sync slice's commit took up to 40–100 ms for it, and a scan waited behind
 * it. Measured with a count open during a sync of 120,000 packages (one scan every 100 ms, two
 * interleaved pairs): scans p95 14.8 / 20.8 ms against 32.4 / 26.1 ms, p99 22.6 / 41.5 ms against
 * 53.7 / 45.7 ms. The price: a sync while nobody scans took a little longer (medians of six
 * pairs 32.3 against 30.1 s, the ranges overlapping; docs/PERFORMANCE.md, eleventh round).
 *
 * - automerge 0: no merging inside a commit.
 * - usermerge 16: a merge step merges up to sixteen segments of a level at once (fewer passes
 *   over the data than four at a time).
 * - crisismerge 64: FTS5 still merges a level that reaches 64 segments in the commit that makes
 *   it, should the steps ever fall behind.
 */
export const m019IndexMerges: Migration = {
  version: 19,
  name: 'index-merges',
  up(db) {
    for (const t of CACHE_FTS_TABLES) {
      db.exec(`
        INSERT INTO ${t} (${t}, rank) VALUES ('automerge', 0);
        INSERT INTO ${t} (${t}, rank) VALUES ('usermerge', 16);
        INSERT INTO ${t} (${t}, rank) VALUES ('crisismerge', 64);
      `);
    }
  },
};
