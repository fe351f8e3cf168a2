import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';
import { classify, UPDATE_INVENTORY_PATH } from '../../src/shared/service/update-inventory';

let s: Sandbox;
afterEach(async () => s?.close());

async function put(body: unknown) {
  const login = await fetch(`${s.url}/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: 'demo', Password: 'demo1234' }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${s.url}${UPDATE_INVENTORY_PATH}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, verdict: classify(res.status, { 'content-type': res.headers.get('content-type') }, text) };
}

describe('sandbox UpdateInventory: the app request schema decides what is valid', () => {
  it('accepts the service sample shape and the app reads the answer as accepted', async () => {
    s = await createSandbox();
    const r = await put([{ Sku: 'S1', Qty: 3, StorageCode: 'A-01' }]);
    expect(r.verdict).toMatchObject({ kind: 'accepted', status: 200 });
  });

  it('refuses a blank SKU and a fractional quantity, naming item and field; the app reads a refusal with that reason', async () => {
    s = await createSandbox();
    const r = await put([
      { Sku: ' ', Qty: 3, StorageCode: 'A-01' },
      { Sku: 'S2', Qty: 1.5, StorageCode: 'A-01' },
    ]);
    expect(r.status).toBe(400);
    const body = JSON.parse(r.text) as { errors: { code: string; message: string }[] };
    expect(body.errors.map((e) => e.code)).toEqual(['Sku', 'Qty']);
    expect(body.errors[0]!.message).toMatch(/^\[0\] Sku/);
    expect(body.errors[1]!.message).toMatch(/^\[1\] Qty/);
    expect(r.verdict).toMatchObject({ kind: 'refused', status: 400 });
  });
});
