import type { Migration } from '../../migration';

/**
 * GS1 data of a scan (a GS1-128 case label, a GS1 DataMatrix, a Digital Link): the GTIN it named,
 * its batch/lot (10), expiry date (17, ISO) and serial number (21), kept on the append-only scan
 * event. Lines show the lots, expiry dates and serial counts of their (not undone) scans, read
 * through the partial index.
 */
export const m009ScanGs1: Migration = {
  version: 9,
  name: 'scan-gs1',
  up(db) {
    db.exec(`
      -- the code as received (identifier, separators); raw_code keeps the GTIN form it was counted as
      ALTER TABLE scan_events ADD COLUMN gs1_raw TEXT;
      ALTER TABLE scan_events ADD COLUMN gtin TEXT;
      ALTER TABLE scan_events ADD COLUMN lot TEXT;
      ALTER TABLE scan_events ADD COLUMN expiry TEXT;
      ALTER TABLE scan_events ADD COLUMN serial TEXT;
      CREATE INDEX scan_events_gs1 ON scan_events (session_id, sku)
        WHERE lot IS NOT NULL OR expiry IS NOT NULL OR serial IS NOT NULL;
    `);
  },
};
