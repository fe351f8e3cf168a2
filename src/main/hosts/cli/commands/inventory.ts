import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { StorageCode } from '../../../../shared/domain/settings';
import { enqueueInventory } from '../../../core/counts/inventory-sender';
import { outboxOf } from '../../../core/outbox/outbox';
import { parse } from '../args';
import { UsageError, type CliContext, type Command } from '../context';
import { activeProfile } from '../session';
import { sendQueued } from '../writes';

interface Item {
  Sku: string;
  Qty: number;
  StorageCode: string;
}

interface Problem {
  row: number;
  message: string;
}

/** CSV "sku,qty" (comma or semicolon, optional header, UTF-8 with or without BOM). */
export function parseInventoryCsv(text: string, storageCode: string): { items: Item[]; problems: Problem[] } {
  const items: Item[] = [];
  const problems: Problem[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const row = i + 1;
    const line = raw.trim();
    if (!line) return;
    const cells = line.split(/[;,\t]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (row === 1 && /^sku$/i.test(cells[0] ?? '') && /^(qty|quantity|adet|miktar)$/i.test(cells[1] ?? '')) return;
    const [sku, qty] = cells;
    if (!sku) problems.push({ row, message: 'SKU is empty' });
    else if (cells.length < 2 || qty === '') problems.push({ row, message: `no quantity for ${sku}` });
    else if (!/^\d+$/.test(qty!)) problems.push({ row, message: `quantity "${qty}" of ${sku} is not a whole number >= 0` });
    else items.push({ Sku: sku, Qty: Number(qty), StorageCode: storageCode });
  });
  return { items, problems };
}

/** The service's own body: [{Sku, Qty, StorageCode}]; StorageCode may be left out when --storage is given. */
export function parseInventoryJson(text: string, storageCode: string | undefined): { items: Item[]; problems: Problem[] } {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return { items: [], problems: [{ row: 0, message: `not JSON: ${(e as Error).message}` }] };
  }
  if (!Array.isArray(data)) return { items: [], problems: [{ row: 0, message: 'expected a JSON array of {Sku, Qty, StorageCode}' }] };
  const items: Item[] = [];
  const problems: Problem[] = [];
  data.forEach((o: unknown, i) => {
    const row = i + 1;
    const r = (o ?? {}) as Record<string, unknown>;
    const sc = typeof r.StorageCode === 'string' && r.StorageCode ? r.StorageCode : storageCode;
    if (typeof r.Sku !== 'string' || !r.Sku.trim()) problems.push({ row, message: 'Sku must be a non-empty string' });
    else if (typeof r.Qty !== 'number' || !Number.isInteger(r.Qty) || r.Qty < 0)
      problems.push({ row, message: `Qty of ${r.Sku} must be a whole number >= 0` });
    else if (!sc) problems.push({ row, message: `no StorageCode for ${r.Sku} (give --storage)` });
    else if (storageCode && sc !== storageCode) problems.push({ row, message: `StorageCode ${sc} differs from --storage ${storageCode}` });
    else items.push({ Sku: r.Sku.trim(), Qty: r.Qty, StorageCode: sc });
  });
  return { items, problems };
}

function duplicates(items: Item[]): Problem[] {
  const seen = new Map<string, number>();
  const out: Problem[] = [];
  items.forEach((it, i) => {
    const k = `${it.StorageCode}\u0000${it.Sku}`;
    if (seen.has(k)) out.push({ row: i + 1, message: `${it.Sku} appears twice for ${it.StorageCode}` });
    seen.set(k, i);
  });
  return out;
}

async function push(ctx: CliContext, argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { storage: { type: 'string' }, yes: { type: 'boolean' } }, true);
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError('give one FILE (CSV sku,qty or a JSON array)');
  if (values.storage !== undefined && !StorageCode.safeParse(values.storage).success)
    throw new UsageError(`bad storage code: ${values.storage}`);
  const text = await readFile(file, 'utf8');
  const isJson = /^\s*[[{]/.test(text.replace(/^\uFEFF/, ''));
  if (!isJson && !values.storage) throw new UsageError('a CSV file needs --storage CODE');
  const parsed = isJson ? parseInventoryJson(text, values.storage) : parseInventoryCsv(text, values.storage!);
  const problems = [...parsed.problems, ...duplicates(parsed.items)];
  if (problems.length === 0 && parsed.items.length === 0) problems.push({ row: 0, message: 'the file has no items' });
  if (problems.length > 0) {
    for (const p of problems) process.stderr.write(`${ctx.t('cli:inventoryRow', { row: p.row, message: p.message })}\n`);
    process.stderr.write(`${ctx.t('cli:nothingQueued', { count: problems.length })}\n`);
    if (ctx.json) ctx.print('', { queued: 0, problems });
    return 1;
  }
  const zeros = parsed.items.filter((i) => i.Qty === 0);
  if (zeros.length > 0 && !values.yes) {
    process.stderr.write(
      `${ctx.t('cli:zeroNeedsYes', {
        count: zeros.length,
        skus: zeros
          .slice(0, 10)
          .map((z) => z.Sku)
          .join(', '),
      })}\n`,
    );
    return 1;
  }

  const core = ctx.core();
  const profile = activeProfile(ctx);
  const ws = core.ctx.openWorkspace(profile.id);
  const outbox = outboxOf(ws, core.ctx);
  const byStorage = new Map<string, Item[]>();
  for (const it of parsed.items) byStorage.set(it.StorageCode, [...(byStorage.get(it.StorageCode) ?? []), it]);
  const ids: number[] = [];
  ws.db.transaction(() => {
    for (const [storageCode, items] of byStorage)
      ids.push(...enqueueInventory(outbox, storageCode, items, `file:${basename(file)}`, { file: basename(file) }));
  })();

  return sendQueued(
    ctx,
    ids,
    ctx.t('cli:queuedOnly', { items: parsed.items.length, batches: ids.length }),
    { queued: parsed.items.length },
    (r) => `${r.summary.storageCode} ${r.summary.lines}`,
  );
}

export const inventoryCommand: Command = {
  name: 'inventory',
  summary: 'cli:help.inventory',
  usage:
    'wd inventory push FILE [--storage CODE] [--yes]   (FILE: CSV "sku,qty" or the JSON array [{Sku, Qty, StorageCode}]; sent now when WD_PASSWORD is set, else queued)',
  async run(ctx, argv) {
    const [sub, ...rest] = argv;
    if (sub !== 'push') throw new UsageError('the only inventory command is "push"');
    return push(ctx, rest);
  },
};
