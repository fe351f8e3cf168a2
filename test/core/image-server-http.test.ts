import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core';
import { contentSecurityPolicy } from '../../src/main/hosts/csp';
import { tempDir } from '../support/temp';

let core: Core | null = null;
let cleanup = () => undefined as void;
afterEach(async () => {
  await core?.close();
  cleanup();
});

describe('the image server follows the service addresses’ rule (issue 47, item 6)', () => {
  it('http:// to another computer needs an administrator’s ticked warning; https and loopback do not; the flag is never stored', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    core = createCore({ dataDir: t.dir, host: 'test', background: false, log: () => undefined });
    const clear = await core.call('settings.update', { imageBaseUrl: 'http://10.0.0.5/img' });
    expect(clear).toMatchObject({
      ok: false,
      error: { code: 'needs_confirmation', params: { reason: 'insecure_image_http', address: 'http://10.0.0.5/img' } },
    });
    expect(await core.call('settings.get', {})).toMatchObject({ ok: true, value: { imageBaseUrl: '' } });
    // Nothing allowed it into the CSP either.
    expect(contentSecurityPolicy(core.ctx.settings.get().imageBaseUrl || null)).toContain("img-src 'self' data: blob:;");
    expect(await core.call('settings.update', { imageBaseUrl: 'https://img.example.com' })).toMatchObject({ ok: true });
    expect(await core.call('settings.update', { imageBaseUrl: 'http://127.0.0.1:9000' })).toMatchObject({ ok: true });
    const accepted = await core.call('settings.update', { imageBaseUrl: 'http://10.0.0.5/img', allowInsecureImages: true });
    expect(accepted).toMatchObject({ ok: true, value: { imageBaseUrl: 'http://10.0.0.5/img' } });
    expect(accepted.ok && 'allowInsecureImages' in accepted.value).toBe(false);
  });
});
