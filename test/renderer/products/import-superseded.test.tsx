import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../src/shared/domain/settings';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { i18n, setLanguage } from '../../../src/renderer/i18n';
import { ProductsScreen } from '../../../src/renderer/screens/Products/ProductsScreen';
import { useApp } from '../../../src/renderer/store/app';
import { useProducts } from '../../../src/renderer/store/products';
import { fakeBridge } from '../fake-bridge';

/** One product in the CSV layout (docs/products-csv.md), as bytes: what a chosen file holds. */
const productCsv = (sku: string, barcode: string) =>
  new TextEncoder().encode(`type,sku,barcode,name,list_price,sale_price\nsingle,${sku},${barcode},Çay Bardağı 6’lı,179.90,159.90\n`);
const singleCsv = productCsv('CAY-BARDAGI-6', '8691000000019');

/**
 * A file whose bytes arrive when the test says so: a large file on a slow disk, still being read
 * (or checked) when the worker does something else.
 */
function slowFile(name: string, bytes: Uint8Array<ArrayBuffer>) {
  let deliver!: () => void;
  const file = new File([bytes], name, { type: 'text/csv' });
  Object.defineProperty(file, 'stream', {
    value: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          deliver = () => {
            controller.enqueue(bytes);
            controller.close();
          };
        },
      }),
  });
  return { file, deliver: () => deliver() };
}

function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

/** Lets a read and check that were released run to their end (they wait only on promises). */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 50; i++) await Promise.resolve();
  });

function setup() {
  const bridge = fakeBridge({
    'products.drafts': () => [],
    'products.history': () => [],
    'products.saveDraft': (input) => ({ id: 1, name: input.name, kind: 'single', updatedAt: '2026-11-22T10:00:00Z', state: null }),
  });
  setBridgeForTests(bridge.api);
  useApp.setState({ settings: { ...defaultSettings, language: 'en' } });
  render(
    <I18nextProvider i18n={i18n}>
      <ProductsScreen />
    </I18nextProvider>,
  );
  return bridge;
}

beforeEach(() => {
  setLanguage('en');
  useProducts.setState({ records: null, label: '', draftId: null, lastSend: null });
});
afterEach(() => {
  cleanup();
  setBridgeForTests(null);
});

describe('products import', () => {
  it('an import still being read when the worker presses New does not replace the new product when it ends', async () => {
    setup();
    const slow = slowFile('single.csv', singleCsv);
    choose(slow.file);
    fireEvent.click(screen.getByRole('button', { name: 'New single product' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Name of this change/ }), { target: { value: 'Kalem' } });
    slow.deliver();
    await settle();
    expect(useProducts.getState().label).toBe('Kalem');
    expect(JSON.stringify(useProducts.getState().records)).not.toContain('CAY-BARDAGI-6');
  });

  it('a file chosen while another is still being read is the one that opens', async () => {
    setup();
    const first = slowFile('first.csv', singleCsv);
    choose(first.file);
    const second = productCsv('CAY-BARDAGI-12', '8691000000026');
    const slowSecond = slowFile('second.csv', second);
    choose(slowSecond.file);
    first.deliver();
    await settle();
    expect(useProducts.getState().records).toBeNull();
    slowSecond.deliver();
    await settle();
    expect(useProducts.getState().label).toBe('second.csv');
    expect(JSON.stringify(useProducts.getState().records)).toContain('CAY-BARDAGI-12');
  });
});
