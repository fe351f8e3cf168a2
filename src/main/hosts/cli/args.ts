import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './context';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs, strict, with usage errors mapped to exit code 2 (in the command line's language). */
export function parse<O extends Options>(argv: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals });
  } catch (e) {
    throw parseError(e, argv, options);
  }
}

/**
 * Node's parseArgs says what is wrong in English: its error's `code` tells the kind, and the
 * arguments read again without `strict` (the same tokens) tell which option or argument it is.
 */
function parseError(e: unknown, argv: string[], options: Options): UsageError {
  const code = (e as { code?: unknown }).code;
  const message = e instanceof Error ? e.message : String(e);
  let tokens: ReturnType<typeof parseArgs>['tokens'] = [];
  try {
    tokens = parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true }).tokens;
  } catch {
    // the generic sentence below, with Node's text
  }
  const known = (name: string) => Object.hasOwn(options, name);
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const t = tokens.find((t) => t.kind === 'option' && !known(t.name));
      if (t?.kind === 'option') return new UsageError('cli:usageErrors.unknownOption', { option: t.rawName });
      break;
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      for (const t of tokens) {
        if (t.kind !== 'option' || !known(t.name)) continue;
        // A string option without a value, or whose value is the next option (`--storage --yes`).
        if (
          options[t.name]!.type === 'string' &&
          (t.value === undefined || (!t.inlineValue && t.value.length > 1 && t.value.startsWith('-')))
        )
          return new UsageError('cli:usageErrors.optionNeedsValue', { option: t.rawName });
        if (options[t.name]!.type === 'boolean' && t.value !== undefined)
          return new UsageError('cli:usageErrors.optionTakesNoValue', { option: t.rawName });
      }
      break;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const t = tokens.find((t) => t.kind === 'positional');
      if (t?.kind === 'positional') return new UsageError('cli:usageErrors.unexpectedArgument', { argument: t.value });
      break;
    }
  }
  return new UsageError('cli:usageErrors.badCommandLine', { message });
}

export function intOption(value: string | undefined, name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError('cli:usageErrors.notWholeNumber', { option: `--${name}` });
  const n = Number(value);
  if (n < min || n > max) throw new UsageError('cli:usageErrors.outOfRange', { option: `--${name}`, min, max });
  return n;
}
