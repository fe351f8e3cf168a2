import type { Migration } from '../../migration';

/**
 * Each queued write names the service it was made for (`service`: JSON `{"url":…,"companyId":…}`,
 * the address its kind of write goes to, OMS or PIM, and the company). After the connection's
 * address or company changes, a write made for the old one is held (never sent to the new host)
 * until an administrator sends it to the new address or cancels it (outbox.resolveMoved).
 *
 * Why: a count queued while the service refused it (503) was sent, after an administrator pointed
 * the connection at another host, to that host with its token (issue 47, item 1).
 *
 * Writes already waiting are bound to the connection the workspace kept when it was last opened
 * (migration 020): the service they were queued for. Product saves go to the PIM address, every
 * other kind to the OMS address. A workspace with no record of its connection leaves them unbound
 * (sent as before).
 */
export const m021OutboxService: Migration = {
  version: 21,
  name: 'outbox-service',
  up(db) {
    db.exec(`
      ALTER TABLE outbox ADD COLUMN service TEXT;
      UPDATE outbox SET service = (
        SELECT json_object('url', CASE outbox.kind WHEN 'products' THEN c.pim_url ELSE c.oms_url END, 'companyId', c.company_id)
        FROM connection c WHERE c.one = 1
      )
      WHERE state IN ('pending', 'sending', 'failed');
    `);
  },
};
