import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LoginRequest, LoginResponse } from '../../src/shared/service/login';
import { PackageListEnvelope, packageListSearch, serviceTimestamp } from '../../src/shared/service/packages';

const dir = join(import.meta.dirname, '../fixtures/service-samples');
const sample = (name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'));

describe('wire schemas accept the service samples', () => {
  it('login request and answer', () => {
    expect(LoginRequest.safeParse(sample('auth_login_request.json')).success).toBe(true);
    expect(LoginResponse.parse(sample('auth_login_response.json'))).toMatchObject({ isSuccess: true, statusCode: null });
  });

  it.each(['oms_GetOrderPackages_response_sample.json', 'oms_GetOrderPackages_response_all_fields.json'])('%s', (file) => {
    const raw = sample(file);
    const parsed = PackageListEnvelope.parse(raw);
    // Lossless: unknown or extra fields survive, so the cached raw record is what the service sent.
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(raw);
  });

  it('tolerates the variants the docs show: numeric statusCode, errorMessage spelling, nulls', () => {
    const base = sample('oms_GetOrderPackages_response_sample.json') as Record<string, unknown>;
    for (const statusCode of ['200', 200, 0, null]) {
      expect(PackageListEnvelope.safeParse({ ...base, statusCode }).success).toBe(true);
    }
    const failure = { isSuccess: false, statusCode: 0, errorMessage: '5303724133 paketinin statüsü uygun değil!', data: null };
    expect(PackageListEnvelope.parse(failure)).toMatchObject({
      isSuccess: false,
      errorMessage: expect.stringContaining('statüsü') as unknown,
    });
  });

  it('rejects a value of the wrong type where the cache relies on it', () => {
    const base = sample('oms_GetOrderPackages_response_sample.json') as { data: Record<string, unknown>[] };
    const bad = { ...base, data: [{ ...base.data[0], id: 'x448139' }] };
    expect(PackageListEnvelope.safeParse(bad).success).toBe(false);
  });
});

describe('list query', () => {
  it('leaves out null and empty parameters and keeps page=0', () => {
    const q = packageListSearch({
      page: 0,
      size: 50,
      OrderNumber: '',
      Status: undefined,
      StartDate: serviceTimestamp(1704099392000, 'ms'),
      isConfirm: false,
    });
    expect(q).toBe('page=0&size=50&StartDate=1704099392000&isConfirm=false');
  });
});
