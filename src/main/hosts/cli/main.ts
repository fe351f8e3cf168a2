import type { TFunction } from 'i18next';
import { createI18n } from '../../../shared/i18n';
import type { Core } from '../../core';
import { AppError, storageFailure } from '../../core/errors';
import { leadingOptions } from '../../core/paths';
import { hubCommand } from './commands/hub';
import { inventoryCommand } from './commands/inventory';
import { loginCommand } from './commands/login';
import { lookupCommand } from './commands/lookup';
import { notificationsCommand } from './commands/notifications';
import { outboxCommand } from './commands/outbox';
import { productsCommand } from './commands/products';
import { receiveCommand } from './commands/receive';
import { sandboxCommand } from './commands/sandbox';
import { setAsideCommand } from './commands/set-aside';
import { syncCommand } from './commands/sync';
import { webCommand } from './commands/web';
import { makeContext, UsageError, type Command } from './context';

const commands: Command[] = [
  sandboxCommand,
  loginCommand,
  syncCommand,
  lookupCommand,
  inventoryCommand,
  productsCommand,
  outboxCommand,
  setAsideCommand,
  receiveCommand,
  notificationsCommand,
  webCommand,
  hubCommand,
];

/**
 * `wd`: the command line over the same core. Exit codes: 0 ok, 1 failure (message on stderr),
 * 2 wrong usage. `--json` prints machine-readable output on stdout.
 */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  // `wd --help | head`: the reader stopped reading; that ends the command quietly, not with a stack.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  const lang = (env.WD_LANG ?? env.LC_ALL ?? env.LANG ?? '').toLowerCase().startsWith('tr') ? 'tr' : 'en';
  const i18n = createI18n(lang);
  const t = i18n.t.bind(i18n);
  const leading = leadingOptions(argv, env);
  if (leading.missingDataDir) return usage(t, t('cli:usageErrors.dataDirNeedsFolder'));
  if (leading.help) return help(t, 0);
  const { dataDir, next: i } = leading;
  let json = leading.json;
  const name = argv[i];
  if (!name) return help(t, 2);
  const command = commands.find((c) => c.name === name);
  if (!command) return usage(t, t('cli:unknownCommand', { name }));
  const rest = argv.slice(i + 1);
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${t(command.usage)}\n`);
    return 0;
  }
  // --json may also come after the command.
  const jsonAt = rest.indexOf('--json');
  if (jsonAt !== -1) {
    json = true;
    rest.splice(jsonAt, 1);
  }
  const { ctx, close, opened } = makeContext(dataDir, json, t, lang, env);
  try {
    return await command.run(ctx, rest);
  } catch (e) {
    if (e instanceof UsageError) return usage(t, `${t(e.key, e.params)}\n${t(command.usage)}`);
    // A disk or data file that fails (damaged, full, read-only) is said in words, as in the app.
    const failure = e instanceof AppError ? e : storageFailure(e);
    const message = failure ? errorLine(t, failure) : e instanceof Error ? e.message : String(e);
    if (json) process.stdout.write(`${JSON.stringify({ error: { code: failure ? failure.code : 'internal', message } })}\n`);
    process.stderr.write(`wd ${name}: ${message}\n`);
    return 1;
  } finally {
    // Every command that used the data says so while a damaged workspace set aside waits to be
    // acknowledged (also one set aside by this very command): on stderr, so --json stays readable.
    if (opened() && command !== setAsideCommand) await announceSetAside(ctx.core(), t);
    await close();
  }
}

async function announceSetAside(core: Pick<Core, 'call'>, t: TFunction): Promise<void> {
  try {
    const r = await core.call('app.setAside', {});
    if (r.ok && r.value.length > 0) process.stderr.write(`${t('cli:setAsideNote', { count: r.value.length })}\n`);
  } catch {
    // the command's own answer stands
  }
}

function usage(t: TFunction, message: string): number {
  process.stderr.write(`${message}\n${t('cli:usage')}\n`);
  return 2;
}

function help(t: TFunction, code: number): number {
  const out = code === 0 ? process.stdout : process.stderr;
  out.write(`${t('cli:usage')}\n\n${t('cli:commands')}\n`);
  for (const c of commands) out.write(`  ${c.name.padEnd(14)} ${t(c.summary)}\n`);
  return code;
}

/**
 * A failure in the CLI's language: what happened, then why — the reason's sentence where the core
 * gave one (errors.reasons.*, as the app says it), else the core's own technical text.
 */
export function errorLine(t: TFunction, e: AppError): string {
  const reason = e.params?.reason;
  const why =
    typeof reason === 'string'
      ? t(`errors:reasons.${reason}`, { ...e.params, defaultValue: '' }) ||
        t(`errors:workspace.${reason}`, { ...e.params, defaultValue: '' })
      : '';
  return `${t(`errors:${e.code}`)} ${why || e.message}`;
}
