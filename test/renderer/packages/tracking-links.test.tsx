import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { i18n, setLanguage } from '../../../src/renderer/i18n';
import { PackageDetailView } from '../../../src/renderer/screens/Packages/PackageDetailView';
import { ReturnDetailView } from '../../../src/renderer/screens/Returns/ReturnDetailView';
import type { PackageDetail } from '../../../src/shared/domain/packages';
import type { ReturnDetail } from '../../../src/shared/domain/returns';
import { isOpenableLink } from '../../../src/shared/links';
import { fakeBridge } from '../fake-bridge';
import { Instant } from '../../../src/shared/domain/time';

/**
 * Tracking links: the desktop app opens only https (or http on this machine) in the system
 * browser. A screen that drew an http:// link to another computer gave the worker a link that did
 * nothing when clicked; such an address is shown as text they can read instead.
 */
beforeAll(() => setLanguage('en'));
afterEach(() => {
  cleanup();
  setBridgeForTests(null);
});

const summary = (id: number, kind: 'order' | 'return') => ({
  id,
  kind,
  orderNumber: `S-${id}`,
  sourcePackageId: null,
  status: kind === 'return' ? 'ReturnedRequest' : 'Picking',
  customerName: 'Ayşe Yılmaz',
  cargoName: 'Kargo',
  cargoTrackingNumber: 'TR1',
  orderDate: Instant.parse('2026-04-28T10:00:00.000+03:00'),
  isConfirm: null,
  itemCount: 1,
});

function packageWith(cargoTrackingLink: string, parcelUrl: string): PackageDetail {
  return {
    summary: summary(5, 'order'),
    record: {
      id: 5,
      cargoTrackingLink,
      parcels: [{ parcelBarcode: 'P1', trackingCode: 'T1', trackingURL: parcelUrl }],
    },
    syncedAt: Instant.parse('2026-05-01T08:00:00.000Z'),
  };
}

function returnWith(cargoTrackingLink: string): ReturnDetail {
  return {
    package: { summary: summary(7, 'return'), record: { id: 7, cargoTrackingLink }, syncedAt: Instant.parse('2026-05-01T08:00:00.000Z') },
    decision: 'awaiting',
    inspection: null,
    expected: [],
    notifications: [],
    conflict: null,
  };
}

const links = () => screen.queryAllByRole('link', { name: 'Open tracking page' }).map((a) => a.getAttribute('href'));

describe('tracking links', () => {
  it('the rule (shared with the desktop host): https, or http on loopback, without credentials', () => {
    expect(isOpenableLink('https://kargo.example/t?no=1')).toBe(true);
    expect(isOpenableLink('http://127.0.0.1:8080/label')).toBe(true);
    expect(isOpenableLink('http://localhost/x')).toBe(true);
    expect(isOpenableLink('http://[::1]/x')).toBe(true);
    for (const url of [
      'http://kargo.example/t',
      'https://u:p@kargo.example/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'kargo.example',
      '',
    ]) {
      expect(isOpenableLink(url), url).toBe(false);
    }
  });

  it('a package: https links are links; an http link to another computer is shown as text to read', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <PackageDetailView detail={packageWith('https://kargo.example/t?no=1', 'http://kargo.example/parcel/P1')} />
      </I18nextProvider>,
    );
    expect(links()).toEqual(['https://kargo.example/t?no=1']);
    expect(screen.getByText('http://kargo.example/parcel/P1')).toBeTruthy();
    expect(screen.getByText('http://kargo.example/parcel/P1').closest('a')).toBeNull();
  });

  it('a package whose cargo link is plain http: that one is text, the parcel’s https link is a link', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <PackageDetailView detail={packageWith('http://kargo.example/t?no=1', 'https://kargo.example/parcel/P1')} />
      </I18nextProvider>,
    );
    expect(links()).toEqual(['https://kargo.example/parcel/P1']);
    expect(screen.getByText('http://kargo.example/t?no=1').closest('a')).toBeNull();
  });

  it('a return: the same rule', () => {
    setBridgeForTests(fakeBridge({}).api);
    render(
      <I18nextProvider i18n={i18n}>
        <ReturnDetailView detail={returnWith('http://kargo.example/r/7')} />
      </I18nextProvider>,
    );
    expect(links()).toEqual([]);
    expect(screen.getByText('http://kargo.example/r/7').closest('a')).toBeNull();
    cleanup();
    render(
      <I18nextProvider i18n={i18n}>
        <ReturnDetailView detail={returnWith('https://kargo.example/r/7')} />
      </I18nextProvider>,
    );
    expect(links()).toEqual(['https://kargo.example/r/7']);
  });
});
