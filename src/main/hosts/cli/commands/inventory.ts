import { basename } from 'node:path';
import { shelfOf, StorageCode } from '../../../../shared/domain/settings';
import { isJsonText, readInventoryFile } from '../../../../shared/inventory/file';
import { AppError } from '../../../core/errors';
import { parse } from '../args';
import { call, UsageError, type CliContext, type Command } from '../context';
import { readTextFile } from '../read-text';
import { activeProfile } from '../session';
import { sendQueued } from '../writes';

async function push(ctx: CliContext, argv: string[]): Promise<number> {
  const { values, positionals } = parse(
    argv,
    { storage: { type: 'string' }, yes: { type: 'boolean' }, 'windows-1254': { type: 'boolean' } },
    true,
  );
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError('cli:usageErrors.inventoryFile');
  if (values.storage !== undefined && !StorageCode.safeParse(values.storage).success)
    throw new UsageError('cli:usageErrors.badStorageCode', { code: values.storage });
  // Read as the app reads an import: a Turkish Excel CSV's letters are never turned into � unseen.
  const text = readTextFile(ctx, file, values['windows-1254'] === true);
  if (text === null) return 1;
  if (!isJsonText(text) && !values.storage) throw new UsageError('cli:usageErrors.csvNeedsStorage');
  // A storage code in other letters (a-01, İADE-01 typed as IADE-01) is the connection's own, as in
  // the app: "a-01" was queued as a shelf of its own beside A-01.
  const { storageCodes } = await activeProfile(ctx);
  const storage = values.storage === undefined ? undefined : shelfOf(values.storage, storageCodes);
  // The shared reader: RFC 4180 CSV or the service's JSON body, every item checked with the UpdateInventory schema.
  const read = readInventoryFile(text, storage);
  const parsed = { ...read, items: read.items.map((i) => ({ ...i, StorageCode: shelfOf(i.StorageCode, storageCodes) })) };
  const problems = parsed.problems;
  if (problems.length > 0) {
    for (const p of problems) {
      const message = ctx.t(`cli:inventoryProblems.${p.code}`, p.params);
      process.stderr.write(`${p.row > 0 ? ctx.t('cli:inventoryRow', { row: p.row, message }) : ctx.t('cli:inventoryFile', { message })}\n`);
    }
    process.stderr.write(`${ctx.t('cli:nothingQueued', { count: problems.length })}\n`);
    if (ctx.json) ctx.print('', { queued: 0, problems });
    return 1;
  }
  // Through the contract: the items are parsed again by inventory.push's schema, as from the app.
  let queued: { outboxIds: number[]; items: number };
  try {
    queued = await call(ctx.core().call('inventory.push', { items: parsed.items, source: basename(file), confirmed: values.yes === true }));
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== 'needs_confirmation') throw e;
    process.stderr.write(`${ctx.t('cli:zeroNeedsYes', { count: Number(e.params?.count), skus: String(e.params?.skus ?? '') })}\n`);
    return 1;
  }
  const ids = queued.outboxIds;

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
  usage: 'cli:usageOf.inventory',
  async run(ctx, argv) {
    const [sub, ...rest] = argv;
    if (sub !== 'push') throw new UsageError('cli:usageErrors.onlySubcommand', { command: 'inventory', sub: 'push' });
    return push(ctx, rest);
  },
};
