import { notificationsOf } from '../../../core/notifications/service';
import { intOption, parse } from '../args';
import { UsageError, type Command } from '../context';
import { activeProfile } from '../session';

export const receiveCommand: Command = {
  name: 'receive',
  summary: 'cli:help.receive',
  usage: 'wd receive [--host H] [--port N] [--path P] [--token T] [--accept-exposure]   (runs the notification receiver in the foreground)',
  async run(ctx, argv) {
    const { values } = parse(argv, {
      host: { type: 'string' },
      port: { type: 'string' },
      path: { type: 'string' },
      token: { type: 'string' },
      'accept-exposure': { type: 'boolean' },
    });
    if (values.path !== undefined && !/^\/[\w\-./~]*$/.test(values.path))
      throw new UsageError('--path must start with / (letters, digits, - . _ ~ /)');
    if (values.token !== undefined && values.token.length < 8) throw new UsageError('--token needs at least 8 characters');
    const core = ctx.core();
    const ws = core.ctx.openWorkspace(activeProfile(ctx).id);
    const service = notificationsOf(ws, core.ctx);
    // The foreground receiver stores into the same workspace the app reads; settings given here
    // are saved as the receiver's settings.
    service.repo.configure({
      enabled: true,
      host: values.host,
      port: intOption(values.port, 'port', 0, 65_535),
      path: values.path,
      ...(values.token ? { auth: 'bearer' as const, secret: values.token } : {}),
      acceptExposure: values['accept-exposure'],
    });
    await service.start();
    const status = service.status();
    if (!status.running) throw new Error(status.lastError ?? 'the receiver did not start');
    ctx.print(ctx.t('cli:receiving', { url: status.url }), { url: status.url });
    const off = core.bus.on('notifications.received', (n) => {
      if (!ctx.json)
        process.stdout.write(
          `${ctx.t('cli:received', { time: n.receivedAt, hook: n.hookName, id: n.packageId, status: n.statusName ?? '', matched: n.matched ? ctx.t('cli:matched') : ctx.t('cli:unmatched') })}\n`,
        );
      else process.stdout.write(`${JSON.stringify(n)}\n`);
    });
    await new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    off();
    await service.stop();
    return 0;
  },
};
