import type { Clock } from '../clock';
import { productsOf, type ProductsRepo } from '../catalog/products-repo';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import type { Workspace } from '../workspace';
import { createGs1Scans } from './gs1-scan';
import { toSession, type SessionRow } from './rows';
import { countStatements, type CountStatements } from './statements';
import { trustOf, type createTrust } from './trust';

/** What the count modules (the scan transaction, the edits, the repository) share for one workspace. */
export interface CountsContext {
  db: Db;
  s: CountStatements;
  products: ProductsRepo;
  trust: ReturnType<typeof createTrust>;
  gs1: ReturnType<typeof createGs1Scans>;
  /** The count, which must be open (not_found / conflict with the reason the screen words). */
  openSession(id: number): SessionRow;
  /** The time written into events and rows (ISO). */
  /** The core's clock (ms); `now()` is its ISO instant. */
  clock: Clock;
  now(): string;
  /** Name and barcode of a SKU of the catalogue (nulls for a code of its own). */
  productInfo(sku: string): { name: string | null; barcode: string | null };
}

export function countsContext(ws: Workspace): CountsContext {
  const s = countStatements(ws.db);
  const products = productsOf(ws);
  function openSession(id: number): SessionRow {
    const row = s.session.get(id);
    if (!row) throw new AppError('not_found', `no count ${id}`, { reason: 'count_not_found' });
    if (row.state !== 'open')
      throw new AppError('conflict', `count ${id} is ${row.state}; open the storage code again to start a new count`, {
        reason: `count_${row.state}`,
        storageCode: row.storage_code,
      });
    return row;
  }
  return {
    db: ws.db,
    s,
    products,
    trust: trustOf(ws),
    gs1: createGs1Scans(ws, { openSession, session: (id) => toSession(s.session.get(id)!) }),
    openSession,
    clock: ws.clock,
    now: () => ws.clock.iso(),
    productInfo(sku) {
      const p = products.resolve(sku);
      return p && p.sku === sku ? { name: p.name, barcode: p.barcode } : { name: null, barcode: null };
    },
  };
}
