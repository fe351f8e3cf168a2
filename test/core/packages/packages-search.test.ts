import { afterEach, describe, expect, it } from 'vitest';
import { toCacheRow, type CacheRow } from '../../../src/main/core/packages/cache-record';
import { packagesOf, TEXT_MATCHES, type SearchOptions } from '../../../src/main/core/packages/packages-repo';
import type { Workspace } from '../../../src/main/core/workspace';
import { Dataset } from '../../../src/main/sandbox/packages/generator';
import type { PackageKind } from '../../../src/shared/domain/packages';
import type { PackageRecord } from '../../../src/shared/service/packages';
import { fold } from '../../../src/shared/text/case';
import { rig } from '../../support/core';

const done: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of done.splice(0).reverse()) await f();
});

async function workspace(): Promise<Workspace> {
  const t = await rig();
  done.push(() => t.close());
  await t.signIn();
  return t.core.ctx.workspace();
}

const BASE = Date.parse('2026-03-01T08:00:00Z');

interface Person {
  first: string;
  last: string;
  email: string;
  /** Minutes after BASE. */
  at: number;
}

/** Generated packages of a kind with the customer and order time given. */
function packages(kind: PackageKind, people: Person[]): CacheRow[] {
  const data = new Dataset(7, kind === 'order' ? people.length : 0, kind === 'return' ? people.length : 0, BASE);
  const entries = kind === 'order' ? data.orders : data.returns;
  return people.map((p, i) => {
    const record = data.record(entries[i]!) as PackageRecord & { shipmentAddress: Record<string, unknown> };
    // The rest of the searchable text says nothing a test types (a district like Şahinbey would).
    const changed = {
      ...record,
      customerFirstName: p.first,
      customerLastName: p.last,
      customerEmail: p.email,
      shipmentAddress: { ...record.shipmentAddress, fullName: `${p.first} ${p.last}`, city: 'Rize', district: 'Merkez' },
      lines: record.lines?.map((l) => ({ ...l, productName: 'Defter' })),
      orderDate: new Date(BASE + p.at * 60_000).toISOString(),
    };
    return toCacheRow(changed, kind, i);
  });
}

const search = (ws: Workspace, query: string, opts: Partial<SearchOptions> = {}) =>
  packagesOf(ws).search({ query, kind: 'all', status: null, offset: 0, limit: 100, ...opts });

const keys = (items: { kind: PackageKind; id: number }[]) => items.map((i) => `${i.kind}:${i.id}`);

/**
 * What a search must answer, from the trigram index's matches taken all at once and sorted: newest
 * order date first, ties in the order the packages were stored; at most TEXT_MATCHES listed.
 */
function expected(ws: Workspace, query: string, opts: Pick<SearchOptions, 'kind' | 'status' | 'offset' | 'limit'>) {
  const all = ws.db
    .prepare<[string], { kind: PackageKind; id: number; status: string | null }>(
      `SELECT kind, id, status FROM packages WHERE pk IN (SELECT rowid FROM packages_fts WHERE packages_fts MATCH ?) ORDER BY order_ts DESC, pk`,
    )
    .all(`"${fold(query)}"`)
    .filter((p) => (opts.kind === 'all' || p.kind === opts.kind) && (!opts.status || p.status === opts.status));
  const listed = all.slice(0, TEXT_MATCHES);
  return {
    total: listed.length,
    more: all.length > TEXT_MATCHES,
    items: keys(listed.slice(opts.offset, opts.offset + opts.limit)),
  };
}

describe('search as you type', () => {
  it('finds names and e-mail addresses from any part, however Turkish letters and case are typed', async () => {
    const ws = await workspace();
    const repo = packagesOf(ws);
    const people: Person[] = [
      { first: 'İpek', last: 'Şahin', email: 'ipek.sahin7@gmail.com', at: 1 },
      { first: 'Ilgın', last: 'Doğan', email: 'ilgin_dogan@hotmail.com.tr', at: 2 },
      { first: 'AYŞE', last: 'YILDIZ', email: 'ayse.yildiz@yahoo.com', at: 3 },
      { first: 'Çağrı', last: 'Öztürk', email: 'cagri@ozturk.com.tr', at: 4 },
      { first: 'Ali', last: 'Işık', email: 'ali.isik@gmail.com', at: 5 },
    ];
    ws.db.transaction(() => repo.upsertRows(packages('order', people), new Date().toISOString()))();
    const found = (q: string) => search(ws, q).items.map((i) => i.customerName);

    expect(found('ipek')).toEqual(['İpek Şahin']);
    expect(found('İPEK Ş')).toEqual(['İpek Şahin']);
    expect(found('şahi')).toEqual(['İpek Şahin']);
    expect(found('SAHI')).toEqual(['İpek Şahin']);
    expect(found('ılgı')).toEqual(['Ilgın Doğan']);
    expect(found('ILGIN')).toEqual(['Ilgın Doğan']);
    expect(found('doğ')).toEqual(['Ilgın Doğan']);
    expect(found('ayşe y')).toEqual(['AYŞE YILDIZ']);
    expect(found('Yıldız')).toEqual(['AYŞE YILDIZ']);
    expect(found('çağr')).toEqual(['Çağrı Öztürk']);
    expect(found('OZTURK')).toEqual(['Çağrı Öztürk']);
    expect(found('ışık')).toEqual(['Ali Işık']);
    // E-mail addresses: the domain, around the @, dots and underscores, newest first.
    expect(found('gmai')).toEqual(['Ali Işık', 'İpek Şahin']);
    expect(found('@gmail.co')).toEqual(['Ali Işık', 'İpek Şahin']);
    expect(found('n7@')).toEqual(['İpek Şahin']);
    expect(found('.com.tr')).toEqual(['Çağrı Öztürk', 'Ilgın Doğan']);
    expect(found('n_do')).toEqual(['Ilgın Doğan']);
    expect(found('e.yil')).toEqual(['AYŞE YILDIZ']);
    expect(found('@hot')).toEqual(['Ilgın Doğan']);
    expect(found('zeytin')).toEqual([]);
    expect(search(ws, 'gmai')).toMatchObject({ total: 2, mode: 'text' });
    expect(search(ws, 'gmai').more).toBeFalsy();
  });

  it('lists the newest matches with the right total, whether a few, many or nearly all packages match, in any storage order', async () => {
    for (const storage of ['as a sync stores them (oldest first)', 'newest first'] as const) {
      const ws = await workspace();
      const repo = packagesOf(ws);
      // 2,700 orders and 300 returns over the same days, three at each minute (ties). Everyone's
      // e-mail is at example.com (nearly all match); "Zeytin" is the name of the oldest 1,200
      // orders and of every tenth after (many match, but the newest few do not); "Kaya" of two
      // in five (many, spread out); "Yılmaz" of every fifteenth (a few hundred).
      const person = (i: number, kind: PackageKind): Person => {
        const last = kind === 'order' && (i < 1_200 || i % 10 === 0) ? 'Zeytin' : i % 5 < 2 ? 'Kaya' : i % 15 === 3 ? 'Yılmaz' : 'Demir';
        return { first: 'Ayşe', last, email: `${fold(last)}.${kind}${i}@example.com`, at: Math.floor(i / 3) };
      };
      const orders = packages(
        'order',
        Array.from({ length: 2_700 }, (_, i) => person(i, 'order')),
      );
      const returns = packages(
        'return',
        Array.from({ length: 300 }, (_, i) => ({ ...person(i, 'return'), at: i * 3 })),
      );
      const all = [...orders, ...returns];
      const rows = storage === 'newest first' ? all.sort((a, b) => (b.orderTs ?? 0) - (a.orderTs ?? 0)) : all;
      ws.db.transaction(() => repo.upsertRows(rows, new Date().toISOString()))();
      const statuses = repo.statuses();

      for (const query of ['@examp', 'zeytin', 'kaya', 'yılmaz', 'YILMAZ', 'ayşe k']) {
        for (const kind of ['all', 'order', 'return'] as const) {
          for (const status of [null, ...statuses.slice(0, 2)]) {
            for (const offset of [0, 100, 900]) {
              const opts = { kind, status, offset, limit: 100 };
              const got = search(ws, query, opts);
              const want = expected(ws, query, opts);
              const label = `${storage}: "${query}" ${kind} ${status} from ${offset}`;
              expect({ total: got.total, more: got.more === true, items: keys(got.items) }, label).toEqual(want);
            }
          }
        }
      }
      // The shapes above include each strategy: thousands of matches, nearly all packages, and
      // fewer than TEXT_MATCHES; "1000+" where more match.
      expect(search(ws, '@examp')).toMatchObject({ total: TEXT_MATCHES, more: true });
      expect(search(ws, 'kaya', { kind: 'return' }).more).toBeFalsy();
      expect(search(ws, 'yılmaz').total).toBeLessThan(TEXT_MATCHES);
      expect(search(ws, 'zeytin').items[0]!.customerName).toBe('Ayşe Zeytin');
      expect(search(ws, 'zeytin').items[0]!.orderDate).toBe(new Date(BASE + 896 * 60_000).toISOString());
    }
  });
});

describe('one or two letters', () => {
  it('find the packages whose customer’s first or last name begins with them, however Turkish letters and case are typed', async () => {
    const ws = await workspace();
    const repo = packagesOf(ws);
    const people: Person[] = [
      { first: 'Hakan', last: 'Yılmaz', email: 'h1@example.com', at: 1 },
      { first: 'İpek', last: 'Şahin', email: 'p2@example.com', at: 2 },
      { first: 'Ayşe Nur', last: 'Öztürk', email: 'p3@example.com', at: 3 },
      { first: 'Zeynep', last: 'Hanoğlu', email: 'p4@example.com', at: 4 },
      { first: 'Ilgın', last: 'Çelik', email: 'p5@example.com', at: 5 },
    ];
    ws.db.transaction(() => repo.upsertRows(packages('order', people), new Date().toISOString()))();
    const found = (q: string) => search(ws, q).items.map((i) => i.customerName);

    // Newest order date first.
    expect(found('ha')).toEqual(['Zeynep Hanoğlu', 'Hakan Yılmaz']);
    expect(found('HA')).toEqual(['Zeynep Hanoğlu', 'Hakan Yılmaz']);
    expect(found('h')).toEqual(['Zeynep Hanoğlu', 'Hakan Yılmaz']);
    expect(found('ş')).toEqual(['İpek Şahin']);
    expect(found('sa')).toEqual(['İpek Şahin']);
    expect(found('i')).toEqual(['Ilgın Çelik', 'İpek Şahin']);
    expect(found('ı')).toEqual(['Ilgın Çelik', 'İpek Şahin']);
    expect(found('İp')).toEqual(['İpek Şahin']);
    expect(found('ö')).toEqual(['Ayşe Nur Öztürk']);
    expect(found('nu')).toEqual(['Ayşe Nur Öztürk']);
    expect(found('çe')).toEqual(['Ilgın Çelik']);
    // The beginning of a name, not any part of it (three letters or more find any part).
    expect(found('ah')).toEqual([]);
    expect(found('ak')).toEqual([]);
    expect(search(ws, 'ha')).toMatchObject({ total: 2, mode: 'text' });
  });

  it('still find the codes that begin with them, beside the names', async () => {
    const ws = await workspace();
    const repo = packagesOf(ws);
    const [row] = packages('order', [{ first: 'Hakan', last: 'Yılmaz', email: 'h1@example.com', at: 1 }]);
    const coded = toCacheRow(
      {
        ...(JSON.parse(row!.rawJson) as PackageRecord),
        id: 77,
        orderNumber: 'HA-1001',
        customerFirstName: 'Deniz',
        customerLastName: 'Kaya',
      },
      'order',
      1,
    );
    ws.db.transaction(() => repo.upsertRows([row!, coded], new Date().toISOString()))();
    expect(
      search(ws, 'ha')
        .items.map((i) => i.customerName)
        .sort(),
    ).toEqual(['Deniz Kaya', 'Hakan Yılmaz']);
    // A name is never found as a whole code (that is what a scan or a typed code is).
    expect(search(ws, 'hakan').mode).toBe('text');
  });

  it('with a kind or status chosen, find its packages however many others were stored after them', async () => {
    const ws = await workspace();
    const repo = packagesOf(ws);
    const now = new Date().toISOString();
    const returns = packages('return', [
      { first: 'Hasan', last: 'Kaya', email: 'r1@example.com', at: 1 },
      { first: 'Hatice', last: 'Demir', email: 'r2@example.com', at: 2 },
    ]);
    const orders = packages(
      'order',
      Array.from({ length: 700 }, (_, i) => ({ first: 'Hakan', last: 'Yılmaz', email: `o${i}@example.com`, at: 10 + i })),
    );
    ws.db.transaction(() => repo.upsertRows([...returns, ...orders], now))();
    expect(search(ws, 'ha', { kind: 'return' }).items.map((i) => i.customerName)).toEqual(['Hatice Demir', 'Hasan Kaya']);
    expect(search(ws, 'ha', { kind: 'return' }).more).toBeFalsy();
    const status = returns[0]!.status;
    expect(search(ws, 'h', { status }).items.map((i) => i.customerName)).toContain('Hasan Kaya');
    // Without a filter, the newest of them and "more".
    expect(search(ws, 'ha')).toMatchObject({ more: true });
    expect(search(ws, 'ha').items[0]!.customerName).toBe('Hakan Yılmaz');
  });
});
