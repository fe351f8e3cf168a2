// node:fs, not node:fs/promises: the promise API is one more module to load at every `wd` start.
import { readFileSync, statSync } from 'node:fs';
import { decodeFileBytes, MAX_IMPORT_BYTES } from '../../../shared/products/file-text';
import type { CliContext } from './context';

const FILE_ERRORS = ['ENOENT', 'EISDIR', 'EACCES', 'EPERM'] as const;

/**
 * A file a command reads (products, stock quantities), read the way the app's import reads it:
 * as bytes, UTF-8 or UTF-16 as they are, Excel's Turkish CSV (Windows-1254) only when the worker
 * asked for it after checking the lines printed, anything that is not text refused in one sentence
 * (its bytes never reach the terminal). Null when it cannot be read; the reason is on stderr.
 */
export function readTextFile(ctx: CliContext, file: string, windows1254: boolean): string | null {
  let bytes: Uint8Array;
  try {
    // The app's cap and words, before a byte is read (a 210 MB CSV took 4.3 GB and aborted the heap).
    const size = statSync(file).size;
    if (size > MAX_IMPORT_BYTES) {
      const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
      return fail(ctx, ctx.t('products:editor.importTooLarge', { size: mb(size), max: mb(MAX_IMPORT_BYTES) }), 'too_large');
    }
    bytes = new Uint8Array(readFileSync(file));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    const why = (FILE_ERRORS as readonly string[]).includes(code) ? code : 'other';
    return fail(ctx, ctx.t(`cli:fileErrors.${why as (typeof FILE_ERRORS)[number] | 'other'}`, { file }), 'unreadable');
  }
  const decoded = decodeFileBytes(bytes);
  if (decoded.kind === 'refused') return fail(ctx, ctx.t('products:problems.not_text'), 'not_text');
  if (decoded.kind === 'confirm' && !windows1254) {
    process.stderr.write(`${ctx.t('cli:encodingRefused')}\n`);
    for (const line of decoded.preview) process.stderr.write(`  ${line}\n`);
    return fail(ctx, ctx.t('products:problems.not_utf8'), 'not_utf8');
  }
  return decoded.text;
}

function fail(ctx: CliContext, message: string, code: string): null {
  process.stderr.write(`${message}\n`);
  if (ctx.json) ctx.print('', { queued: 0, problems: [{ row: null, column: null, code, params: {} }] });
  return null;
}
