import { readFileSync, statSync } from 'node:fs';
import { BaseUrl } from '../../shared/domain/common';
import { isOpenableLink } from '../../shared/links';

/** What the hub needs to sync from the service (`wd hub`'s environment; README, hub section). */
export interface HubServiceConfig {
  /** The order service's address, without a trailing slash. */
  omsUrl: string;
  companyId: number;
  userName: string;
  password: string;
  /** The rolling window synced: orders and returns of the last `windowDays` days. */
  windowDays: number;
  /** Time between the end of one sync and the start of the next. */
  everyMs: number;
  /** The unit of StartDate/EndDate the service reads (the desk's connection setting). */
  timestampUnit: 'ms' | 's';
}

/** Why the service configuration cannot be used: the CLI says it in words (cli:hubService.*). */
export type HubServiceProblem =
  | { kind: 'missing'; variable: string }
  | { kind: 'bad_url'; variable: string }
  | { kind: 'bad_number'; variable: string; min: number; max: number }
  | { kind: 'bad_unit'; variable: string }
  | { kind: 'password_unreadable'; path: string; reason: string }
  | { kind: 'password_open'; path: string }
  | { kind: 'password_empty'; path: string };

export const HUB_SERVICE_DEFAULTS = { windowDays: 30, everyMinutes: 5 } as const;

/** The variables, in the order the README lists them. */
export const HUB_SERVICE_VARIABLES = ['WD_HUB_OMS_URL', 'WD_HUB_COMPANY_ID', 'WD_HUB_USER', 'WD_HUB_PASSWORD_FILE'] as const;

export interface PasswordFileReader {
  /** The file's mode bits (null where they mean nothing: Windows). */
  mode(path: string): number | null;
  read(path: string): string;
}

const nodeFiles: PasswordFileReader = {
  mode: (path) => (process.platform === 'win32' ? null : statSync(path).mode),
  read: (path) => readFileSync(path, 'utf8'),
};

/**
 * The hub's service configuration from its environment: null when WD_HUB_OMS_URL is not set (the
 * hub then serves desks and syncs nothing), else the configuration or what is wrong with it.
 * The password comes from a file (WD_HUB_PASSWORD_FILE: a systemd credential, or a file of mode
 * 0600/0400/0640), never from the command line; a file anyone on the computer may read is refused.
 */
export function hubServiceOf(
  env: NodeJS.ProcessEnv,
  files: PasswordFileReader = nodeFiles,
): { config: HubServiceConfig } | { problem: HubServiceProblem } | null {
  const url = env.WD_HUB_OMS_URL?.trim();
  if (!url) return null;
  const parsed = BaseUrl.safeParse(url);
  // https, or http on this computer only (the desks' rule without --allow-insecure-http), unless allowed.
  if (!parsed.success || !(isOpenableLink(parsed.data) || (env.WD_HUB_ALLOW_INSECURE_HTTP === '1' && parsed.data.startsWith('http:'))))
    return { problem: { kind: 'bad_url', variable: 'WD_HUB_OMS_URL' } };
  for (const variable of HUB_SERVICE_VARIABLES) if (!env[variable]?.trim()) return { problem: { kind: 'missing', variable } };
  const whole = (variable: string, fallback: number, min: number, max: number): number | HubServiceProblem => {
    const v = env[variable]?.trim();
    if (!v) return fallback;
    const n = /^\d+$/.test(v) ? Number(v) : NaN;
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : { kind: 'bad_number', variable, min, max };
  };
  const companyId = whole('WD_HUB_COMPANY_ID', 0, 0, 2_147_483_647);
  if (typeof companyId !== 'number') return { problem: companyId };
  const windowDays = whole('WD_HUB_SYNC_DAYS', HUB_SERVICE_DEFAULTS.windowDays, 1, 365);
  if (typeof windowDays !== 'number') return { problem: windowDays };
  const everyMinutes = whole('WD_HUB_SYNC_EVERY_MINUTES', HUB_SERVICE_DEFAULTS.everyMinutes, 1, 1_440);
  if (typeof everyMinutes !== 'number') return { problem: everyMinutes };
  const unit = env.WD_HUB_TIMESTAMP_UNIT?.trim() || 'ms';
  if (unit !== 'ms' && unit !== 's') return { problem: { kind: 'bad_unit', variable: 'WD_HUB_TIMESTAMP_UNIT' } };

  const path = env.WD_HUB_PASSWORD_FILE!.trim();
  let password: string;
  try {
    const mode = files.mode(path);
    if (mode !== null && (mode & 0o004) !== 0) return { problem: { kind: 'password_open', path } };
    password = files.read(path);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    return { problem: { kind: 'password_unreadable', path, reason: typeof code === 'string' ? code : String(e) } };
  }
  // One line: the line break an editor or `echo` adds is no part of the password.
  password = password.replace(/\r?\n$/, '');
  if (!password) return { problem: { kind: 'password_empty', path } };
  return {
    config: {
      omsUrl: parsed.data,
      companyId,
      userName: env.WD_HUB_USER!.trim(),
      password,
      windowDays,
      everyMs: everyMinutes * 60_000,
      timestampUnit: unit,
    },
  };
}
