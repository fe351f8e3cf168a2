import { clockOf, type Clock } from '../clock';
import type { Workspace } from '../workspace';
import type { Db } from '../db/open';
import { normCode } from '../packages/cache-record';

export interface KnownProduct {
  sku: string;
  barcode: string | null;
  name: string | null;
  image: string | null;
  /** How the scanned code was recognised. */
  via: 'barcode' | 'sku' | 'alias';
}

export type ProductSource = 'package' | 'saved' | 'import' | 'manual';

interface ProductRow {
  sku: string;
  barcode: string | null;
  name: string | null;
  image: string | null;
}

/**
 * Products known to the workspace, used to turn a scanned barcode into a SKU. Learned from
 * package lines (lowest precedence: never overwrites a product saved or imported by a person),
 * from products saved through the app, from imports, and from codes a worker assigned by hand.
 */
export function createProductsRepo(db: Db, clock: Clock = clockOf()) {
  const bySku = db.prepare<[string], ProductRow>('SELECT sku, barcode, name, image FROM products WHERE sku = ?');
  const byBarcode = db.prepare<[string], ProductRow>(
    "SELECT sku, barcode, name, image FROM products WHERE barcode = ? ORDER BY source = 'package' LIMIT 1",
  );
  const bySkuNoCase = db.prepare<[string], ProductRow>('SELECT sku, barcode, name, image FROM products WHERE upper(sku) = ? LIMIT 1');
  const alias = db.prepare<[string], { sku: string }>('SELECT sku FROM barcode_aliases WHERE code = ?');
  const learn = db.prepare<{ sku: string; barcode: string | null; name: string | null; image: string | null; now: string }>(
    `INSERT INTO products (sku, barcode, name, image, source, updated_at) VALUES (@sku, @barcode, @name, @image, 'package', @now)
     ON CONFLICT (sku) DO UPDATE SET
       barcode = coalesce(excluded.barcode, products.barcode),
       name = coalesce(excluded.name, products.name),
       image = coalesce(excluded.image, products.image),
       updated_at = excluded.updated_at
     WHERE products.source = 'package'`,
  );
  const save = db.prepare<{
    sku: string;
    barcode: string | null;
    name: string | null;
    model: string | null;
    option: string | null;
    image: string | null;
    source: string;
    now: string;
  }>(
    `INSERT INTO products (sku, barcode, name, model, option, image, source, updated_at)
     VALUES (@sku, @barcode, @name, @model, @option, @image, @source, @now)
     ON CONFLICT (sku) DO UPDATE SET
       barcode = coalesce(excluded.barcode, products.barcode),
       name = coalesce(excluded.name, products.name),
       model = coalesce(excluded.model, products.model),
       option = coalesce(excluded.option, products.option),
       image = coalesce(excluded.image, products.image),
       source = excluded.source,
       updated_at = excluded.updated_at`,
  );
  const putAlias = db.prepare<[string, string, string]>(
    'INSERT INTO barcode_aliases (code, sku, created_at) VALUES (?, ?, ?) ON CONFLICT (code) DO UPDATE SET sku = excluded.sku',
  );
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM products');

  return {
    /** Barcode first, then SKU, then a remembered assignment. */
    resolve(code: string): KnownProduct | null {
      const raw = code.trim();
      if (!raw) return null;
      const b = byBarcode.get(raw);
      if (b) return { ...b, via: 'barcode' };
      const s = bySku.get(raw) ?? bySkuNoCase.get(normCode(raw));
      if (s) return { ...s, via: 'sku' };
      const a = alias.get(normCode(raw));
      if (a) {
        const p = bySku.get(a.sku);
        return { sku: a.sku, barcode: p?.barcode ?? null, name: p?.name ?? null, image: p?.image ?? null, via: 'alias' };
      }
      return null;
    },
    learnFromPackage(p: { sku: string | null; barcode: string | null; name: string | null; image: string | null }, now: string) {
      if (!p.sku) return;
      learn.run({ sku: p.sku, barcode: p.barcode, name: p.name, image: p.image, now });
    },
    save(
      p: {
        sku: string;
        barcode?: string | null;
        name?: string | null;
        model?: string | null;
        option?: string | null;
        image?: string | null;
      },
      source: ProductSource,
    ) {
      save.run({
        sku: p.sku,
        barcode: p.barcode ?? null,
        name: p.name ?? null,
        model: p.model ?? null,
        option: p.option ?? null,
        image: p.image ?? null,
        source,
        now: clock.iso(),
      });
    },
    /** Remember that this code means this SKU (an unknown barcode assigned once by a worker). */
    assign(code: string, sku: string) {
      putAlias.run(normCode(code), sku, clock.iso());
    },
    count: () => count.get()?.n ?? 0,
  };
}

export type ProductsRepo = ReturnType<typeof createProductsRepo>;

/** The workspace's products repository (one per workspace). */
export const productsOf = (ws: Pick<Workspace, 'db' | 'service' | 'clock'>) => ws.service(createProductsRepo, ws.db, ws.clock);
