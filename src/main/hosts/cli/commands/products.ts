import { basename } from 'node:path';
import { parseProductCsv, type CsvProblem } from '../../../../shared/products/csv';
import { fieldLabel } from '../../../../shared/products/field-label';
import { parseProductJson } from '../../../../shared/products/json';
import type { ProductProblem } from '../../../../shared/products/problems';
import type { ProductRecord } from '../../../../shared/products/schema';
import { parse } from '../args';
import { call, UsageError, type CliContext, type Command } from '../context';
import { readTextFile } from '../read-text';
import { activeProfile } from '../session';
import { sendQueued } from '../writes';

function describeProblem(ctx: CliContext, p: ProductProblem | CsvProblem, records: ProductRecord[]): string {
  const sentence = ctx.t(`products:problems.${p.code}`, { ...p.params, defaultValue: p.code });
  if ('row' in p)
    return p.row === null
      ? `${ctx.t('products:editor.whereFile')} ${sentence}`
      : `${ctx.t('products:editor.whereRow', { row: p.row, column: p.column ?? '' })} ${sentence}`;
  if (p.record < 0) return `${ctx.t('products:editor.whereRequest')} ${sentence}`;
  const r = records[p.record];
  const name = r?.Main?.Sku || r?.Main?.Option || r?.Main?.Model || '';
  const field = fieldLabel((key) => ctx.t(key, { defaultValue: key }), p.field);
  const where = name
    ? ctx.t('products:editor.whereRecord', { n: p.record + 1, name, field })
    : ctx.t('products:editor.whereRecordUnnamed', { n: p.record + 1, field });
  return `${where} ${sentence}`;
}

async function save(ctx: CliContext, argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, { label: { type: 'string' }, 'windows-1254': { type: 'boolean' } }, true);
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError('cli:usageErrors.productsFile');
  // The same reading as the Products screen: bytes → UTF-8 / UTF-16, Windows-1254 only when asked.
  const text = readTextFile(ctx, file, values['windows-1254'] === true);
  if (text === null) return 1;
  const isJson = /\.json$/i.test(file) || /^\s*[[{]/.test(text);
  let records: ProductRecord[] = [];
  let problems: (ProductProblem | CsvProblem)[] = [];
  let warnings: (ProductProblem | CsvProblem)[] = [];
  if (isJson) {
    const r = parseProductJson(text);
    warnings = r.warnings;
    if (r.ok) records = r.records;
    else {
      problems = r.problems;
      try {
        const raw: unknown = JSON.parse(text);
        if (Array.isArray(raw)) records = raw as ProductRecord[];
      } catch {
        // the problem says where the JSON breaks
      }
    }
  } else {
    const r = parseProductCsv(text);
    warnings = r.warnings;
    records = r.records;
    if (!r.ok) problems = r.problems;
  }
  for (const w of warnings) process.stderr.write(`! ${describeProblem(ctx, w, records)}\n`);
  if (problems.length > 0) {
    for (const p of problems) process.stderr.write(`${describeProblem(ctx, p, records)}\n`);
    process.stderr.write(`${ctx.t('cli:nothingQueued', { count: problems.length })}\n`);
    if (ctx.json) ctx.print('', { queued: 0, problems });
    return 1;
  }
  await activeProfile(ctx);
  // Through the contract: products.send parses the input and validates the records, as from the app.
  const result = await call(ctx.core().call('products.send', { records, label: values.label ?? basename(file), source: 'cli' }));
  if (!result.ok) {
    for (const p of result.problems) process.stderr.write(`${describeProblem(ctx, p as ProductProblem, records)}\n`);
    return 1;
  }
  return sendQueued(
    ctx,
    result.batches.map((b) => b.outboxId),
    ctx.t('cli:productsQueued', { records: records.length, batches: result.batches.length }),
    { queued: records.length, batches: result.batches },
    (r) => `${r.summary.records}`,
  );
}

export const productsCommand: Command = {
  name: 'products',
  summary: 'cli:help.products',
  usage: 'cli:usageOf.products',
  async run(ctx, argv) {
    const [sub, ...rest] = argv;
    if (sub !== 'save') throw new UsageError('cli:usageErrors.onlySubcommand', { command: 'products', sub: 'save' });
    return save(ctx, rest);
  },
};
