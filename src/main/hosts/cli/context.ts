import type { TFunction } from 'i18next';
import type { cli } from '../../../shared/i18n/en/cli';
import { createCore, type Core } from '../../core';
import { sandboxTrainingService } from '../training';
import { baselineWasmOnly } from './wasm-baseline';
import type { Result } from '../../../shared/result';
import { AppError } from '../../core/errors';
import { localTime } from './time';

/**
 * The page reader's thread, built beside the bundle (cli.vite.config.ts: out/cli/wd-page-reader.js).
 * Run from the sources there is none, and the core's thread reads a sync's pages.
 */
export const CLI_PAGE_READER = `${import.meta.dirname}/wd-page-reader.js`;

/** i18n key of a usage error's sentence. */
export type UsageErrorKey = `cli:usageErrors.${keyof (typeof cli)['usageErrors']}`;

/**
 * Wrong command line: exit code 2 with the usage. It carries the sentence's key and its params;
 * `main` translates it with the command line's language.
 */
export class UsageError extends Error {
  constructor(
    readonly key: UsageErrorKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'UsageError';
  }
}

export interface CliContext {
  dataDir: string;
  json: boolean;
  t: TFunction;
  /** The command line's language (`t`'s). */
  lang: 'tr' | 'en';
  /** An instant as this computer's local date and time in the command line's language (text for people; `--json` keeps instants). */
  time(iso: string): string;
  env: NodeJS.ProcessEnv;
  /** Text for people on stdout, or the value as JSON when --json. */
  print(text: string, value?: unknown): void;
  /**
   * The core over the data directory, opened on first use and closed when the command ends.
   * Commands reach it only through `call(core.call(method, input))` (the contract's schemas parse
   * every input, as for IPC and HTTP) and its events (`core.bus`).
   */
  core(): Pick<Core, 'call' | 'bus'>;
  stdin: NodeJS.ReadStream;
}

export interface Command {
  name: string;
  /** i18n key of the one-line summary in `wd --help`. */
  summary: `cli:help.${keyof (typeof cli)['help']}`;
  /** i18n key of the usage line (`wd <command> --help`, and under a usage error). */
  usage: `cli:usageOf.${keyof (typeof cli)['usageOf']}`;
  /** Resolves to the exit code; long-running commands resolve when they are stopped. */
  run(ctx: CliContext, argv: string[]): Promise<number>;
}

export function makeContext(dataDir: string, json: boolean, t: TFunction, lang: 'tr' | 'en', env: NodeJS.ProcessEnv) {
  let core: Core | null = null;
  const ctx: CliContext = {
    dataDir,
    json,
    t,
    lang,
    time: (iso) => localTime(iso, lang),
    env,
    // A getter: opening process.stdin costs a command that never reads it a few milliseconds.
    get stdin() {
      return process.stdin;
    },
    print(text, value) {
      if (json) process.stdout.write(`${JSON.stringify(value ?? { message: text })}\n`);
      else process.stdout.write(`${text}\n`);
    },
    core() {
      // offlineWorkspace: reads and queued writes work in the active profile without signing in.
      core ??= createCore({
        dataDir,
        host: 'cli',
        background: false,
        offlineWorkspace: true,
        pageReader: CLI_PAGE_READER,
        beforeHttpClient: baselineWasmOnly,
        log: () => undefined,
        trainingService: sandboxTrainingService,
      });
      return core;
    },
  };
  return { ctx, close: async () => core?.close(), opened: () => core !== null };
}

/** Unwraps a contract call made from the CLI; a failure becomes an AppError (exit code 1). */
export async function call<T>(p: Promise<Result<T>>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new AppError(r.error.code, r.error.message, r.error.params);
  return r.value;
}
