import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';

let sb: Sandbox;
afterEach(async () => sb?.close());

function admin(path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: sb.port,
        path: `/_sandbox/${path}`,
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe('sandbox admin routes', () => {
  it('refuse a foreign Host (DNS rebinding) and a foreign Origin (a web page), leaving the service unchanged', async () => {
    sb = await createSandbox({ packages: 0, returns: 0 });
    const own = `127.0.0.1:${sb.port}`;
    const attack = { offline: true, latencyMs: 60_000 };
    expect((await admin('config', { host: `evil.example:${sb.port}` }, attack)).status).toBe(403);
    expect((await admin('config', { host: own, origin: 'http://evil.example' }, attack)).status).toBe(403);
    expect((await admin('config', { host: own, origin: 'null' }, attack)).status).toBe(403);
    expect((await admin('users', { host: `evil.example:${sb.port}` }, { mallory: 'x12345678' })).status).toBe(403);
    expect(sb.core.config).toMatchObject({ offline: false, latencyMs: 0 });

    // Tests and the training mode (no Origin, loopback Host) and the sandbox's own pages still work.
    expect((await admin('config', { host: own }, { latencyMs: 5 })).status).toBe(200);
    expect((await admin('config', { host: `localhost:${sb.port}`, origin: `http://localhost:${sb.port}` }, { latencyMs: 6 })).status).toBe(
      200,
    );
    expect(sb.core.config.latencyMs).toBe(6);
  });
});
