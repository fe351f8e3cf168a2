import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookNames, PackageNotification } from '../../src/shared/service/webhooks';

const sample = (hook: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../fixtures/service-samples/webhook_${hook}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

describe('notification schemas', () => {
  it.each(hookNames)('%s sample parses, losslessly', (hook) => {
    const raw = sample(hook);
    const parsed = PackageNotification.parse(raw);
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(raw);
  });

  it('normalises a numeric packageType and refuses an unknown hookName or a missing package id', () => {
    expect(PackageNotification.parse({ ...sample('ReturnOrderPackageConfirmedEvent'), packageType: 1 }).packageType).toBe('Return');
    expect(PackageNotification.safeParse({ ...sample('ReturnOrderPackageConfirmedEvent'), hookName: 'PackageExplodedEvent' }).success).toBe(
      false,
    );
    expect(PackageNotification.safeParse({ ...sample('OrderPackageStatusChangedEvent'), packageId: '' }).success).toBe(false);
  });
});
