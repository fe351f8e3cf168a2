import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rig, type TestRig } from '../support/core';

let t: TestRig;
afterEach(async () => t?.close());

describe('app.info', () => {
  it('says the version of package.json when the host names none (wd web started without npm)', async () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
    t = await rig();
    const info = await t.core.call('app.info', {});
    expect(info.ok && info.value.version).toBe(pkg.version);
    expect(pkg.version).not.toBe('0.0.0');
  });
});
