import { afterEach, describe, expect, it } from 'vitest';
import { workspaceMigrations } from '../../../src/main/core/db/migrations/workspace';
import type { Db } from '../../../src/main/core/db/open';
import { schemaVersion } from '../../../src/main/core/db/open';
import { toCacheRow } from '../../../src/main/core/packages/cache-record';
import { createPackagesRepo } from '../../../src/main/core/packages/packages-repo';
import { Dataset } from '../../../src/main/sandbox/packages/generator';
import type { PackageRecord } from '../../../src/shared/service/packages';
import { codesOf, itemLinesOf, nameWordsOf } from '../../support/cache-codes';
import { workspaceBefore } from '../../support/workspace-before';

let cleanup = () => undefined as void;
afterEach(() => cleanup());

/** Each package's tokens in package_names, sorted, by package id. */
function terms(db: Db): Map<number, string[]> {
  db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.t_vocab USING fts5vocab(main, package_names, instance)');
  const rows = db
    .prepare<[], { id: number; term: string }>(
      'SELECT p.id AS id, v.term AS term FROM temp.t_vocab v JOIN packages p ON p.pk = v.doc ORDER BY p.id, v.term',
    )
    .all();
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), r.term]);
  db.exec('DROP TABLE temp.t_vocab');
  return out;
}

describe('workspace migration 023 (customer name words in package_names)', () => {
  it('indexes the words of every cached customer name as a sync writes them today, and keeps every code and item line', () => {
    const { before, upgrade, cleanup: done } = workspaceBefore(23);
    cleanup = done;
    const data = new Dataset(23, 300, 40, Date.now());
    const rows = [
      ...data.orders.map((e, i) => toCacheRow(data.record(e) as PackageRecord, 'order', i)),
      ...data.returns.map((e, i) => toCacheRow(data.record(e) as PackageRecord, 'return', i)),
    ];
    // Names as a worker's cache holds them: Turkish capitals, two first names, none at all.
    rows[0] = toCacheRow(
      { ...(JSON.parse(rows[0]!.rawJson) as PackageRecord), customerFirstName: 'Ayşe Nur', customerLastName: 'HANOĞLU' },
      'order',
      0,
    );
    rows[1] = toCacheRow(
      { ...(JSON.parse(rows[1]!.rawJson) as PackageRecord), customerFirstName: null, customerLastName: null },
      'order',
      1,
    );
    expect(nameWordsOf(rows[0]).sort()).toEqual(['ayse', 'hanoglu', 'nur']);
    // The cache as the version before wrote it: codes and item lines in package_names, no names.
    const without = rows.map((r) => ({
      ...r,
      names: r.names
        .split(' ')
        .filter((t) => !t.startsWith('n'))
        .join(' '),
    }));
    before.transaction(() => createPackagesRepo(before).upsertRows(without, new Date().toISOString()))();
    const was = terms(before);
    expect([...was.values()].flat().some((t) => t.startsWith('n'))).toBe(false);
    expect(
      createPackagesRepo(before)
        .search({ query: 'ha', kind: 'all', status: null, offset: 0, limit: 100 })
        .items.map((i) => i.id),
    ).not.toContain(rows[0].id);
    before.close();

    const db = upgrade();
    expect(schemaVersion(db)).toBe(workspaceMigrations.at(-1)!.version);
    // Every package's tokens are what today's sync writes for its record.
    const now = terms(db);
    const want = new Map(rows.map((r) => [r.id, r.names.split(' ').filter(Boolean).sort()]));
    for (const [id, tokens] of want) expect(now.get(id), String(id)).toEqual(tokens);
    expect(now.size).toBe(want.size);
    expect(rows.every((r) => codesOf(r).length > 0 && itemLinesOf(r).length > 0)).toBe(true);

    const repo = createPackagesRepo(db);
    const ha = repo.search({ query: 'ha', kind: 'all', status: null, offset: 0, limit: 500 }).items.map((i) => i.id);
    expect(ha).toContain(rows[0].id);
    expect(repo.search({ query: 'nu', kind: 'all', status: null, offset: 0, limit: 500 }).items.map((i) => i.id)).toContain(rows[0].id);
    for (const r of rows.slice(2, 40))
      expect(
        repo.lookup(codesOf(r)[0]!).map((p) => p.id),
        r.orderNumber ?? '',
      ).toContain(r.id);
  });
});
