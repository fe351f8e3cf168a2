import { AppError } from '../../../core/errors';
import { intOption, parse } from '../args';
import { call, UsageError, type Command } from '../context';
import { readPassword } from '../password';
import { activeProfile } from '../session';

export const receiveCommand: Command = {
  name: 'receive',
  summary: 'cli:help.receive',
  usage: 'cli:usageOf.receive',
  async run(ctx, argv) {
    const { values } = parse(argv, {
      host: { type: 'string' },
      port: { type: 'string' },
      path: { type: 'string' },
      token: { type: 'string' },
      'token-stdin': { type: 'boolean' },
      'new-token': { type: 'boolean' },
      'accept-exposure': { type: 'boolean' },
    });
    // Arguments show in `ps` and shell history: a token given as one is refused, not used.
    if (values.token !== undefined) throw new UsageError('cli:usageErrors.tokenArgument');
    const token = ctx.env.WD_RECEIVER_TOKEN
      ? ctx.env.WD_RECEIVER_TOKEN
      : values['token-stdin']
        ? await readPassword({}, ctx.stdin, `${ctx.t('cli:tokenPrompt')}: `)
        : undefined;
    if (values['token-stdin'] && !token) throw new UsageError('cli:usageErrors.tokenStdinEmpty');
    if (values.path !== undefined && !/^\/[\w\-./~]*$/.test(values.path)) throw new UsageError('cli:usageErrors.receiverPath');
    if (token !== undefined && token !== null && token.length < 8) throw new UsageError('cli:usageErrors.tokenTooShort');
    const core = ctx.core();
    await activeProfile(ctx);
    // The foreground receiver stores into the same workspace the app reads; settings given here
    // are saved as the receiver's settings (notifications.configureReceiver starts it).
    const created = await call(
      core.call('notifications.configureReceiver', {
        enabled: true,
        host: values.host,
        port: intOption(values.port, 'port', 0, 65_535),
        path: values.path,
        ...(token ? { auth: 'bearer' as const, secret: token } : values['new-token'] ? { auth: 'bearer' as const, newToken: true } : {}),
        acceptExposure: values['accept-exposure'],
      }),
    );
    const status = created;
    if (!status.running) throw new AppError('unavailable', status.lastError ?? 'the receiver did not start');
    ctx.print(ctx.t('cli:receiving', { url: status.url }), { url: status.url, ...(created.token ? { token: created.token } : {}) });
    // A token created just now is shown once, with the address it belongs to; only its hash is kept.
    if (created.token && !ctx.json) process.stdout.write(`${ctx.t('cli:receiverToken', { token: created.token })}\n`);
    const off = core.bus.on('notifications.received', (n) => {
      if (!ctx.json)
        process.stdout.write(
          `${ctx.t('cli:received', { time: ctx.time(n.receivedAt), hook: n.hookName, id: n.packageId, status: n.statusName ?? '', matched: n.matched ? ctx.t('cli:matched') : ctx.t('cli:unmatched') })}\n`,
        );
      else process.stdout.write(`${JSON.stringify(n)}\n`);
    });
    await new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    off();
    // Closing the core (when the command ends) stops the receiver.
    return 0;
  },
};
