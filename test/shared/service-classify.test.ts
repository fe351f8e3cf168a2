import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classify as getOrderPackages } from '../../src/shared/service/get-order-packages';
import { classify as getReturnOrderPackages } from '../../src/shared/service/get-return-order-packages';
import { classify as login } from '../../src/shared/service/login';
import { classify as saveProducts, SaveProductsRequest } from '../../src/shared/service/save-products';
import { classify as updateInventory, UpdateInventoryRequest } from '../../src/shared/service/update-inventory';
import { classify as notification } from '../../src/shared/service/webhooks';

const dir = join(import.meta.dirname, '../fixtures/service-samples');
const sample = (name: string) => readFileSync(join(dir, name), 'utf8');
const json = { 'content-type': 'application/json; charset=utf-8' };
const html = { 'content-type': 'text/html' };
const NOW = Date.parse('2026-11-23T10:00:00Z');
const page = (title: string) => `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

/** The answers every operation may get, the same way for all of them. */
const writes = { updateInventory, saveProducts };
const reads = { getOrderPackages, getReturnOrderPackages };

describe.each(Object.entries({ ...writes, ...reads }))('%s: answers that mean the same for every operation', (_name, classify) => {
  it('401: sign in again', () => {
    expect(classify(401, json, '{"isSuccess":false}', NOW)).toMatchObject({ kind: 'sign_in', status: 401 });
  });
  it('408: retry later (not refused)', () => {
    expect(classify(408, json, '', NOW)).toMatchObject({ kind: 'later', status: 408, retryAfterMs: null });
  });
  it('409 and 413: refused with the service reason', () => {
    expect(classify(409, json, '{"isSuccess":false,"errorMesssage":"Çakışma var"}', NOW)).toEqual({
      kind: 'refused',
      status: 409,
      reason: 'Çakışma var',
    });
    expect(classify(413, json, '', NOW)).toEqual({ kind: 'refused', status: 413, reason: 'HTTP 413' });
  });
  it('429 with Retry-After in seconds and as an HTTP date', () => {
    expect(classify(429, { ...json, 'retry-after': '30' }, '', NOW)).toMatchObject({ kind: 'later', retryAfterMs: 30_000 });
    expect(classify(429, { ...json, 'retry-after': 'Mon, 23 Nov 2026 10:02:00 GMT' }, '', NOW)).toMatchObject({
      kind: 'later',
      retryAfterMs: 120_000,
    });
    expect(classify(429, { ...json, 'retry-after': 'soon' }, '', NOW)).toMatchObject({ kind: 'later', retryAfterMs: null });
  });
  it.each([500, 502, 503, 504])('%s: retry later', (status) => {
    expect(classify(status, json, '{"isSuccess":false,"errorMessage":"bakımda"}', NOW)).toMatchObject({
      kind: 'later',
      status,
      reason: 'bakımda',
    });
  });
  it('an HTML error page: the status decides, the page title is the reason', () => {
    expect(classify(502, html, page('502 Bad Gateway'), NOW)).toMatchObject({ kind: 'later', reason: '502 Bad Gateway' });
    expect(classify(403, html, page('Forbidden'), NOW)).toEqual({ kind: 'refused', status: 403, reason: 'Forbidden' });
  });
  it('200 with isSuccess:false: refused with the service reason (either spelling)', () => {
    const body = JSON.stringify({ isSuccess: false, statusCode: 0, errorMesssage: '5303724133 paketinin statüsü uygun değil!' });
    expect(classify(200, json, body, NOW)).toEqual({ kind: 'refused', status: 200, reason: '5303724133 paketinin statüsü uygun değil!' });
  });
  it('200 with JSON cut off: retry later (nothing is known about it)', () => {
    expect(classify(200, json, '{"isSuccess":tr', NOW)).toMatchObject({ kind: 'later', status: 200 });
  });
  it('200 with an HTML page (a proxy or portal, not the service): retry later', () => {
    expect(classify(200, html, page('Giriş yapın'), NOW)).toMatchObject({
      kind: 'later',
      status: 200,
      reason: expect.stringContaining('Giriş yapın') as unknown,
    });
  });
});

describe('writes (UpdateInventory, SaveProductsManually): the answer body is not documented', () => {
  it.each(Object.entries(writes))('%s: any 2xx is accepted with its body, empty or not', (_name, classify) => {
    expect(classify(200, json, '{"isSuccess":true,"data":{"updated":2}}', NOW)).toEqual({
      kind: 'accepted',
      status: 200,
      value: '{"isSuccess":true,"data":{"updated":2}}',
    });
    expect(classify(204, {}, '', NOW)).toMatchObject({ kind: 'accepted', status: 204 });
    expect(classify(200, { 'content-type': 'text/plain' }, 'OK', NOW)).toMatchObject({ kind: 'accepted', value: 'OK' });
  });
  it('the PIM envelope: IsSuccess:false is refused with ErrorMessage', () => {
    expect(saveProducts(200, json, '{"IsSuccess":false,"ErrorType":1,"ErrorMessage":"Model bulunamadı"}', NOW)).toEqual({
      kind: 'refused',
      status: 200,
      reason: 'Model bulunamadı',
    });
  });
  it('a 400 with the errors array: refused, its messages are the reason', () => {
    const body = { isSuccess: false, statusCode: '400', errors: [{ code: 'SkuNotFound', message: 'X1 ürünü bulunamadı' }] };
    expect(updateInventory(400, json, JSON.stringify(body), NOW)).toEqual({ kind: 'refused', status: 400, reason: 'X1 ürünü bulunamadı' });
  });
  it('a headline and the errors array: both are the reason, so the refused SKUs are named', () => {
    const body = {
      isSuccess: false,
      errorMesssage: 'Bazı ürünler bulunamadı',
      errors: [{ code: 'SkuNotFound', message: 'NOPE ürünü bulunamadı' }],
    };
    expect(updateInventory(400, json, JSON.stringify(body), NOW)).toEqual({
      kind: 'refused',
      status: 400,
      reason: 'Bazı ürünler bulunamadı: NOPE ürünü bulunamadı',
    });
  });
  it('the request schemas take the service samples and refuse a bad item', () => {
    expect(UpdateInventoryRequest.safeParse(JSON.parse(sample('oms_UpdateInventory_request.json'))).success).toBe(true);
    expect(UpdateInventoryRequest.safeParse([{ Sku: ' ', Qty: 1, StorageCode: 'A' }]).success).toBe(false);
    expect(UpdateInventoryRequest.safeParse([{ Sku: 'S', Qty: 1.5, StorageCode: 'A' }]).success).toBe(false);
    expect(UpdateInventoryRequest.safeParse([]).success).toBe(false);
    expect(SaveProductsRequest.safeParse(JSON.parse(sample('pim_SaveProductsManually_request_single_product_type4.json'))).success).toBe(
      true,
    );
  });
});

describe('package lists: the envelope is read', () => {
  it.each(Object.entries(reads))('%s: the sample page is accepted with its packages', (_name, classify) => {
    const v = classify(200, json, sample('oms_GetOrderPackages_response_sample.json'), NOW);
    expect(v.kind).toBe('accepted');
    expect(v.kind === 'accepted' && v.value.data?.length).toBe(1);
  });
  it('a 2xx that is JSON but not the envelope: retry later, saying which field', () => {
    expect(getOrderPackages(200, json, '{"isSuccess":true,"totalPages":"x","data":[]}', NOW)).toMatchObject({
      kind: 'later',
      reason: expect.stringContaining('totalPages') as unknown,
    });
    // The records themselves are left to the caller (the sync checks them one by one between turns).
    expect(getOrderPackages(200, json, '{"isSuccess":true,"data":[{"id":"x1"}]}', NOW)).toMatchObject({ kind: 'accepted' });
    expect(getOrderPackages(200, json, '', NOW)).toMatchObject({ kind: 'later' });
  });
});

describe('login', () => {
  it('the sample answer is accepted with its token (a real one: the sample\'s "alınan-token-degeri", "the token received", is a placeholder no header can carry)', () => {
    const answer = { ...(JSON.parse(sample('auth_login_response.json')) as object), token: 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln' };
    expect(login(200, json, JSON.stringify(answer), NOW)).toMatchObject({ kind: 'accepted', value: { isSuccess: true } });
  });
  it('401, 400, 403 and isSuccess:false refuse the credentials (never "sign in again")', () => {
    const wrong = '{"token":null,"isSuccess":false,"statusCode":"401","errorMesssage":"Kullanıcı adı veya şifre hatalı."}';
    expect(login(401, json, wrong, NOW)).toEqual({ kind: 'refused', status: 401, reason: 'Kullanıcı adı veya şifre hatalı.' });
    expect(login(400, json, '', NOW)).toMatchObject({ kind: 'refused' });
    expect(login(403, html, page('Forbidden'), NOW)).toMatchObject({ kind: 'refused', reason: 'Forbidden' });
    expect(login(200, json, wrong, NOW)).toMatchObject({ kind: 'refused' });
  });
  it('408, 429, 5xx, a 404 page, garbled JSON or no token: retry later, the password is not blamed', () => {
    expect(login(408, json, '', NOW)).toMatchObject({ kind: 'later' });
    expect(login(429, { 'retry-after': '5' }, '', NOW)).toMatchObject({ kind: 'later', retryAfterMs: 5_000 });
    expect(login(503, html, page('Service Unavailable'), NOW)).toMatchObject({ kind: 'later' });
    expect(login(404, html, page('Not Found'), NOW)).toMatchObject({ kind: 'later', reason: 'Not Found' });
    expect(login(404, json, '{"isSuccess":false}', NOW)).toMatchObject({ kind: 'later' });
    expect(login(200, json, '{"token":"ey', NOW)).toMatchObject({ kind: 'later' });
    expect(login(200, json, '{"isSuccess":true,"token":null}', NOW)).toMatchObject({ kind: 'later' });
  });
  it('a token that cannot go back in a header (letters beyond ASCII, a space, a line break) is not accepted: every later request failed as "cannot reach the service"', () => {
    for (const token of ['alınan-token-degeri', 'a b', 'ab\ncd'])
      expect(login(200, json, JSON.stringify({ isSuccess: true, token, expire: '2026-12-01T00:00:00Z' }), NOW)).toMatchObject({
        kind: 'later',
        reason: 'the login answer carries a token that cannot be sent in a header',
      });
    expect(
      login(200, json, JSON.stringify({ isSuccess: true, token: 'eyJh.bGc-iOi_J+/=', expire: '2026-12-01T00:00:00Z' }), NOW),
    ).toMatchObject({
      kind: 'accepted',
    });
  });
});

describe('notification POST: the receiver answer', () => {
  it('2xx accepted, 408/429/5xx later, 401 and other 4xx refused', () => {
    expect(notification(200, {}, '', NOW)).toMatchObject({ kind: 'accepted' });
    expect(notification(408, {}, '', NOW)).toMatchObject({ kind: 'later' });
    expect(notification(429, { 'retry-after': '3' }, '', NOW)).toMatchObject({ kind: 'later', retryAfterMs: 3_000 });
    expect(notification(500, html, page('Oops'), NOW)).toMatchObject({ kind: 'later', reason: 'Oops' });
    expect(notification(401, {}, '', NOW)).toMatchObject({ kind: 'refused' });
    expect(notification(413, {}, '', NOW)).toMatchObject({ kind: 'refused' });
  });
});

describe('why an answer is "later": its cause, so no caller reads the status again', () => {
  const ops = { ...writes, ...reads, login } as const;
  it('busy for 408, 425, 429 and 5xx of every operation (with the Retry-After it sent)', () => {
    for (const [name, classify] of Object.entries(ops))
      for (const status of [408, 425, 429, 500, 503]) {
        const v = classify(status, { ...json, 'retry-after': '7' }, '{}', NOW);
        expect(v, `${name} ${status}`).toMatchObject({ kind: 'later', cause: 'busy', retryAfterMs: 7_000 });
      }
  });
  it("unreadable for a 2xx that is not the operation's answer: an HTML page, JSON cut off", () => {
    for (const [name, classify] of Object.entries(ops)) {
      expect(classify(200, html, page('Proxy'), NOW), name).toMatchObject({ kind: 'later', cause: 'unreadable' });
      expect(classify(200, json, '{"data":[{"id":1', NOW), name).toMatchObject({ kind: 'later', cause: 'unreadable' });
    }
    // A login address that is not the login (404), and a login answer without a token.
    expect(login(404, json, '{}', NOW)).toMatchObject({ kind: 'later', cause: 'unreadable' });
    expect(login(200, json, '{"isSuccess":true}', NOW)).toMatchObject({ kind: 'later', cause: 'unreadable' });
  });
});
