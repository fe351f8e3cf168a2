import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileLogger } from '../../../src/main/core/log';
import { tempDir } from '../../support/temp';

let cleanup = () => undefined as void;
afterEach(() => cleanup());

describe('the web host log', () => {
  it('writes each message with its time and the error stack to the file (owner only) and stderr', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const file = join(t.dir, 'logs', 'web.log');
    const err: string[] = [];
    const log = fileLogger(file, (l) => err.push(l));
    log('outbox: the answer to write #7 cannot be recorded yet (database or disk is full)', new Error('SQLITE_FULL'));
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\S+Z outbox: the answer to write #7 cannot be recorded yet/);
    expect(text).toContain('Error: SQLITE_FULL');
    expect(err.join('')).toBe(text);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
