import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './context';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs, strict, with usage errors mapped to exit code 2. */
export function parse<O extends Options>(argv: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export function intOption(value: string | undefined, name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`--${name} must be between ${min} and ${max}`);
  return n;
}
