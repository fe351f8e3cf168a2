import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/main/core/api/http';
import { testConnection } from '../../src/main/core/admin/connection-test';
import { fakeService, type FakeService } from '../support/fake-service';
import { rig, type TestRig } from '../support/core';

let t: TestRig | undefined;
let fake: FakeService | undefined;
const http = new HttpClient();
afterEach(async () => {
  await t?.close();
  await fake?.close();
  t = fake = undefined;
});

describe('Test connection (profiles.test)', () => {
  it('says accepted or wrong password against the sandbox, and saves nothing', async () => {
    t = await rig();
    const ok = await t.call('profiles.test', { omsUrl: t.sandbox.url, userName: 'demo', password: 'demo1234' });
    expect(ok.outcome).toBe('ok');
    const wrong = await t.call('profiles.test', { omsUrl: t.sandbox.url, userName: 'demo', password: 'nope' });
    expect(wrong.outcome).toBe('wrong_credentials');
    expect(await t.call('profiles.list', {})).toEqual([]);
    expect(await t.call('session.get', {})).toMatchObject({ signedIn: false });
    // The app's online state is not the test's business.
    expect(t.core.ctx.status.get().online).toBe(true);
  });

  it('says unreachable when nothing answers, and when the answer does not come in time', async () => {
    t = await rig();
    expect((await t.call('profiles.test', { omsUrl: 'http://127.0.0.1:9', userName: 'a', password: 'b' })).outcome).toBe('unreachable');
    expect(t.core.ctx.status.get().online).toBe(true);
    fake = await fakeService({ 'POST /Auth/login': () => undefined });
    const r = await testConnection(http, { omsUrl: fake.url, userName: 'a', password: 'b' }, 300);
    expect(r.outcome).toBe('unreachable');
  });

  it('says not this service for a page that is not its login, and a problem on its side for a 5xx', async () => {
    fake = await fakeService({
      'POST /Auth/login': () => ({ status: 200, body: { hello: 'world' } }),
    });
    expect((await testConnection(http, { omsUrl: fake.url, userName: 'a', password: 'b' })).outcome).toBe('not_service');
    fake.routes.set('POST /Auth/login', () => ({ status: 503, body: { isSuccess: false } }));
    expect((await testConnection(http, { omsUrl: fake.url, userName: 'a', password: 'b' })).outcome).toBe('service_error');
    // Every status the login's classify calls "later, the service is busy" is a problem on its side
    // here too (a 425 was "not this service": the test read the statuses by hand).
    for (const status of [408, 425, 429, 500, 502]) {
      fake.routes.set('POST /Auth/login', () => ({ status, body: {} }));
      expect((await testConnection(http, { omsUrl: fake.url, userName: 'a', password: 'b' })).outcome, `HTTP ${status}`).toBe(
        'service_error',
      );
    }
    // A 404, even with the service's error shape: the address is not the service's login.
    expect((await testConnection(http, { omsUrl: `${fake.url}/elsewhere`, userName: 'a', password: 'b' })).outcome).toBe('not_service');
  });

  it('asks before sending a password over http:// to another computer', async () => {
    t = await rig();
    const r = await t.core.call('profiles.test', { omsUrl: 'http://10.0.0.5:8080', userName: 'a', password: 'b' });
    expect(r).toMatchObject({ ok: false, error: { code: 'needs_confirmation', params: { reason: 'insecure_http' } } });
  });
});
