import { afterEach, describe, expect, it } from 'vitest';
import { workspaceMigrations } from '../../../src/main/core/db/migrations/workspace';
import { schemaVersion, type Db } from '../../../src/main/core/db/open';
import { FROM, listWhere } from '../../../src/main/core/returns/list-query';
import { workspaceBefore } from '../../support/workspace-before';

let cleanup = () => undefined as void;
afterEach(() => cleanup());

/** The Returns list's ids for a customer filter, newest first, as the app asks. */
const byCustomer = (db: Db, customer: string) => {
  const { where, params } = listWhere({ decision: 'all', inspected: 'all', from: '', to: '', carrier: '', customer });
  return db
    .prepare(`SELECT p.id ${FROM} WHERE ${where} ORDER BY p.return_ts DESC, p.id DESC`)
    .pluck()
    .all(...params);
};

describe('workspace migration 018 (folded customer names for the Returns list)', () => {
  it('finds the returns of a cache synced before it by the first letters of a name, Turkish capitals too', () => {
    const { before, upgrade, cleanup: done } = workspaceBefore(18);
    cleanup = done;
    const insert = before.prepare(
      `INSERT INTO packages (id, kind, customer_first_name, customer_last_name, order_ts, return_ts, raw_json, synced_at)
       VALUES (?, ?, ?, ?, 1, ?, '{}', 'x')`,
    );
    before.transaction(() => {
      insert.run(1, 'return', 'İpek', 'Şahin', 10);
      insert.run(2, 'return', 'Ömer', 'Çelik', 20);
      insert.run(3, 'return', 'ipek', 'Işık', 30);
      insert.run(4, 'return', null, 'ÜNAL', 40);
      insert.run(5, 'order', 'İpek', 'Şahin', null);
    })();
    before.close();

    const db = upgrade();
    expect(schemaVersion(db)).toBe(workspaceMigrations.at(-1)!.version);
    expect(byCustomer(db, 'i')).toEqual([3, 1]);
    expect(byCustomer(db, 'İP')).toEqual([3, 1]);
    expect(byCustomer(db, 'ş')).toEqual([1]);
    expect(byCustomer(db, 'o')).toEqual([2]);
    expect(byCustomer(db, 'çe')).toEqual([2]);
    expect(byCustomer(db, 'u')).toEqual([4]);
    // Orders get no keys: the Returns list is the only reader.
    expect(db.prepare('SELECT customer_first_key, customer_last_key FROM packages WHERE id = 5').get()).toEqual({
      customer_first_key: null,
      customer_last_key: null,
    });
  });
});
