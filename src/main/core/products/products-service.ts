import type { Draft, DraftSummary, ProductBatch, SendResult } from '../../../shared/domain/products';
import { ProductType, codeKey, type ProductRecord } from '../../../shared/products/schema';
import { sellableProducts } from '../../../shared/products/sellable';
import { validateProductRequest } from '../../../shared/products/validate';
import { productsOf } from '../catalog/products-repo';
import type { CoreContext } from '../context';
import { AppError } from '../errors';
import { z } from 'zod';
import { lazy } from '../../../shared/lazy';
import { classify, SAVE_PRODUCTS_PATH, SaveProductsRequest, saveProductsSearch } from '../../../shared/service/save-products';
import { storedOrNull, storedPayload } from '../outbox/stored';
import { idempotencyHeader, outboxOf, type OutboxSender } from '../outbox/outbox';
import type { Workspace } from '../workspace';
import type { Instant } from '../../../shared/domain/time';

/** Records per SaveProductsManually request; a model's records are never split across requests. */
export const PRODUCT_BATCH = 500;

/** What a products write stores: the company and the records of one request. */
const SavePayload = lazy(() => z.object({ companyId: z.number().int().positive(), records: SaveProductsRequest }));
type SavePayload = z.infer<typeof SavePayload>;

/** POST {pim}/pim/SaveProductsManually?companyId=N: an upsert of the records (a retry is safe). */
export const productsSender: OutboxSender = {
  kind: 'products',
  // Saved at the PIM address: a save is bound to it and the company.
  target: 'pim',
  send: (payload, ws, ctx, meta) => {
    const p = storedPayload(SavePayload, payload, 'products');
    return ctx.session.authorized((token) =>
      ctx.http.send(`${ws.profile.pimUrl}${SAVE_PRODUCTS_PATH}?${saveProductsSearch(p.companyId)}`, {
        method: 'POST',
        body: p.records,
        headers: { authorization: `Bearer ${token}`, ...idempotencyHeader(meta) },
        timeoutMs: 120_000,
        signal: meta.signal,
      }),
    );
  },
  classify,
  // Saved products become known to barcode resolution (counting, returns) at once.
  afterSent: (payload, _res, ws) => {
    const repo = productsOf(ws);
    for (const p of sellableProducts(storedOrNull(SavePayload, payload)?.records ?? [])) {
      repo.save({ sku: p.sku, barcode: p.barcode, name: p.name, model: p.model, option: p.option, image: p.image }, 'saved');
    }
  },
  // What a request saves: its models and single products. A refused one holds back only later
  // saves of the same model or product (and is not sent again after a newer save of it).
  keys: (payload) => (storedOrNull(SavePayload, payload)?.records ?? []).map((r) => recordKey(r)),
  refusalBlocks: 'keys',
};

function recordKey(r: ProductRecord): string {
  return r.Main.Type === ProductType.single ? `single:${codeKey(r.Main.Sku ?? '')}` : `model:${codeKey(r.Main.Model ?? '')}`;
}

/** Groups records by model so a model, its options and variants always travel in one request. */
export function batchRecords(records: ProductRecord[], size = PRODUCT_BATCH): ProductRecord[][] {
  const groups = new Map<string, ProductRecord[]>();
  for (const r of records) {
    const key = recordKey(r);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const batches: ProductRecord[][] = [];
  let current: ProductRecord[] = [];
  for (const g of groups.values()) {
    if (current.length > 0 && current.length + g.length > size) {
      batches.push(current);
      current = [];
    }
    current.push(...g);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

interface DraftRow {
  id: number;
  name: string;
  kind: 'single' | 'variant' | 'import';
  state: string;
  updated_at: Instant;
}

export function createProductsService(ws: Workspace, ctx: CoreContext) {
  const db = ws.db;
  const s = {
    drafts: db.prepare<[], DraftRow>('SELECT * FROM product_drafts ORDER BY updated_at DESC'),
    draft: db.prepare<[number], DraftRow>('SELECT * FROM product_drafts WHERE id = ?'),
    insertDraft: db.prepare<[string, string, string, string, string]>(
      'INSERT INTO product_drafts (name, kind, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    ),
    updateDraft: db.prepare<[string, string, string, string, number]>(
      'UPDATE product_drafts SET name = ?, kind = ?, state = ?, updated_at = ? WHERE id = ?',
    ),
    deleteDraft: db.prepare<[number]>('DELETE FROM product_drafts WHERE id = ?'),
    insertBatch: db.prepare(
      'INSERT INTO product_batches (label, source, records, record_count, outbox_id, draft_id, created_at) VALUES (@label, @source, @records, @count, @outboxId, @draftId, @now)',
    ),
    batches: db.prepare<
      [number],
      {
        id: number;
        label: string;
        source: 'editor' | 'import' | 'cli';
        records: string;
        record_count: number;
        outbox_id: number;
        created_at: Instant;
      }
    >('SELECT * FROM product_batches ORDER BY id DESC LIMIT ?'),
  };
  const toSummary = (r: DraftRow): DraftSummary => ({ id: r.id, name: r.name, kind: r.kind, updatedAt: r.updated_at });

  return {
    drafts: () => s.drafts.all().map(toSummary),
    draft(id: number): Draft {
      const r = s.draft.get(id);
      if (!r) throw new AppError('not_found', `no draft ${id}`, { reason: 'draft_not_found' });
      return { ...toSummary(r), state: JSON.parse(r.state) as unknown };
    },
    saveDraft(input: { id?: number; name: string; kind: 'single' | 'variant' | 'import'; state: unknown }): Draft {
      const now = ctx.clock.iso();
      const state = JSON.stringify(input.state ?? null);
      let id = input.id;
      if (id !== undefined) {
        if (s.updateDraft.run(input.name, input.kind, state, now, id).changes !== 1)
          throw new AppError('not_found', `no draft ${id}`, { reason: 'draft_not_found' });
      } else {
        id = Number(s.insertDraft.run(input.name, input.kind, state, now, now).lastInsertRowid);
      }
      return this.draft(id);
    },
    deleteDraft: (id: number) => ({ deleted: s.deleteDraft.run(id).changes === 1 }),

    /** Validates, then queues the request (in model-preserving batches); nothing is queued if a record is wrong. */
    send(input: { records: unknown; label: string; source: 'editor' | 'import' | 'cli'; draftId?: number }): SendResult {
      const v = validateProductRequest(input.records);
      if (!v.ok) return { ok: false, problems: v.problems, warnings: v.warnings, batches: [] };
      const outbox = outboxOf(ws, ctx);
      const companyId = ws.profile.companyId;
      const batches = db.transaction(() =>
        batchRecords(v.records).map((records, i, all) => {
          const outboxId = outbox.enqueue({
            kind: 'products',
            groupKey: 'products',
            payload: { companyId, records } satisfies SavePayload,
            summary: { label: input.label, records: records.length, batch: i + 1, batches: all.length },
            ref: `products:${input.label}`,
          });
          const id = Number(
            s.insertBatch.run({
              label: all.length > 1 ? `${input.label} (${i + 1}/${all.length})` : input.label,
              source: input.source,
              records: JSON.stringify(records),
              count: records.length,
              outboxId,
              draftId: input.draftId ?? null,
              now: ctx.clock.iso(),
            }).lastInsertRowid,
          );
          return { id, outboxId, records: records.length };
        }),
      )();
      outbox.notify();
      return { ok: true, problems: [], warnings: v.warnings, batches };
    },

    history(limit: number): ProductBatch[] {
      const outbox = outboxOf(ws, ctx);
      return s.batches.all(limit).map((b) => ({
        id: b.id,
        label: b.label,
        source: b.source,
        recordCount: b.record_count,
        createdAt: b.created_at,
        write: outbox.get(b.outbox_id),
        records: JSON.parse(b.records) as unknown,
      }));
    },
  };
}

export const productsServiceOf = (ws: Workspace, ctx: CoreContext) => ws.service(createProductsService, ws, ctx);
