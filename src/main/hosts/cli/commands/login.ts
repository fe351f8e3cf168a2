import { intOption, parse } from '../args';
import { call, UsageError, type Command } from '../context';
import { readPassword } from '../password';

export const loginCommand: Command = {
  name: 'login',
  summary: 'cli:help.login',
  usage: 'cli:usageOf.login',
  async run(ctx, argv) {
    const { values } = parse(argv, {
      'oms-url': { type: 'string' },
      'pim-url': { type: 'string' },
      'company-id': { type: 'string' },
      name: { type: 'string' },
      storage: { type: 'string' },
      'timestamp-unit': { type: 'string' },
      user: { type: 'string' },
      'allow-insecure-http': { type: 'boolean' },
    });
    if (!values['oms-url'] || !values.user) throw new UsageError('cli:usageErrors.omsUrlAndUserRequired');
    const unit = values['timestamp-unit'];
    if (unit !== undefined && unit !== 'ms' && unit !== 's') throw new UsageError('cli:usageErrors.timestampUnit');
    const password = await readPassword(ctx.env, ctx.stdin, `${ctx.t('signIn:password')}: `);
    if (!password) {
      process.stderr.write(`${ctx.t('cli:passwordMissing')}\n`);
      return 1;
    }
    const core = ctx.core();
    const omsUrl = values['oms-url'].replace(/\/+$/, '');
    const companyOption = intOption(values['company-id'], 'company-id');
    const atAddress = (await call(core.call('profiles.list', {}))).filter((p) => !p.training && p.omsUrl === omsUrl);
    // `--name` on an address with one connection (of the company given, if one is) names that
    // connection: a second one beside it hid the first one's unsent writes until it was chosen
    // again. Another company on the same service, or a name already there, is its own connection.
    const sameCompany = atAddress.filter((p) => companyOption === undefined || p.companyId === companyOption);
    const existing =
      values.name === undefined
        ? atAddress[0]
        : (atAddress.find((p) => p.name === values.name) ?? (sameCompany.length === 1 ? sameCompany[0] : undefined));
    const renamedFrom = existing && values.name !== undefined && existing.name !== values.name ? existing.name : undefined;
    // Signing in again to a connection keeps what it was saved with unless told otherwise: the
    // product service's address and the company id went back to the defaults, and product saves
    // queued for company 7 went to the order service's address as company 1.
    const pimUrl = (values['pim-url'] ?? existing?.pimUrl ?? omsUrl).replace(/\/+$/, '');
    const companyId = companyOption ?? existing?.companyId ?? 1;
    // Saved only once the service has accepted the user: a wrong password renames, moves or adds
    // no connection (the core's session.signInTo).
    const { profile, session: state } = await call(
      core.call('session.signInTo', {
        profile: {
          id: existing?.id,
          name: values.name ?? existing?.name ?? new URL(omsUrl).host,
          omsUrl,
          pimUrl,
          companyId,
          storageCodes: values.storage
            ? values.storage
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : (existing?.storageCodes ?? []),
          timestampUnit: unit ?? existing?.timestampUnit ?? 'ms',
          pageSize: existing?.pageSize ?? 100,
          allowInsecureHttp: values['allow-insecure-http'] === true,
        },
        userName: values.user,
        password,
      }),
    );
    if (renamedFrom !== undefined && !ctx.json) process.stdout.write(`${ctx.t('cli:renamed', { from: renamedFrom, to: profile.name })}\n`);
    ctx.print(ctx.t('cli:loggedIn', { url: omsUrl, user: values.user, profile: profile.name }), {
      profile,
      user: state.user,
      expiresAt: state.expiresAt,
    });
    return 0;
  },
};
