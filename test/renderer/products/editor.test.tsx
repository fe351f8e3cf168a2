import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../src/shared/domain/settings';
import type { ProductRecord } from '../../../src/shared/products/schema';
import { validateProductRequest } from '../../../src/shared/products/validate';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { i18n, setLanguage } from '../../../src/renderer/i18n';
import { ProductsScreen } from '../../../src/renderer/screens/Products/ProductsScreen';
import { useApp } from '../../../src/renderer/store/app';
import { useProducts } from '../../../src/renderer/store/products';
import modelOptionVariants from '../../fixtures/service-samples/pim_SaveProductsManually_request_model_option_variants.json';
import priceUpdateOption from '../../fixtures/service-samples/pim_SaveProductsManually_request_price_update_option.json';
import singleProduct from '../../fixtures/service-samples/pim_SaveProductsManually_request_single_product_type4.json';
import { fakeBridge } from '../fake-bridge';

const bodies: Record<string, unknown> = {
  single_product_type4: singleProduct,
  model_option_variants: modelOptionVariants,
  price_update_option: priceUpdateOption,
};
const samples = Object.keys(bodies);
/** A fresh copy each time (the editor must not share objects with the expectation). */
const sample = (name: string) => structuredClone(bodies[name]) as ProductRecord[];

function setup() {
  const bridge = fakeBridge({
    'products.drafts': () => [],
    'products.history': () => [],
    'products.saveDraft': (input) => ({
      id: 1,
      name: (input as { name: string }).name,
      kind: 'single',
      updatedAt: '2026-11-22T10:00:00Z',
      state: null,
    }),
    'products.send': () => ({ ok: true, problems: [], warnings: [], batches: [{ id: 1, outboxId: 1, records: 9 }] }),
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
const preview = () => JSON.parse(screen.getByTestId('request-preview').textContent ?? 'null') as unknown;

beforeEach(() => {
  setLanguage('en');
  useProducts.setState({ records: null, label: '', draftId: null, lastSend: null });
});
afterEach(() => {
  cleanup();
  setBridgeForTests(null);
});

describe('product editor', () => {
  it.each(samples)('%s loads into the editor and comes out unchanged', async (name) => {
    setup();
    await act(async () => useProducts.getState().edit(sample(name), name, 'import'));
    expect(preview()).toEqual(sample(name));
    expect(screen.queryByTestId('product-problems')).toBeNull();
  });

  it('builds a model with 2 colours × 3 sizes whose body follows the service’s layout', async () => {
    const bridge = setup();
    fireEvent.click(screen.getByRole('button', { name: 'New product with variants' }));
    fireEvent.change(screen.getByLabelText('Model code'), { target: { value: 'TISORT1' } });
    for (const colour of ['TISORT1SIYAH', 'TISORT1BEYAZ']) {
      fireEvent.change(screen.getByLabelText('New option (e.g. a colour)'), { target: { value: colour } });
      fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
      const card = screen.getByRole('region', { name: `Option ${colour}` });
      fireEvent.change(within(card).getAllByLabelText('Standard')[0]!, { target: { value: `Tişört ${colour.slice(7)}` } });
      fireEvent.click(within(card).getByRole('button', { name: 'Add a price' }));
      fireEvent.change(within(card).getByLabelText('List price'), { target: { value: '299,90' } });
      fireEvent.change(within(card).getByLabelText('Sale price'), { target: { value: '249.90' } });
      fireEvent.change(within(card).getByLabelText(`Sizes to add to ${colour}`), { target: { value: 'S M L' } });
      fireEvent.click(within(card).getByRole('button', { name: 'Add sizes' }));
      ['S', 'M', 'L'].forEach((size, i) =>
        fireEvent.change(within(card).getByLabelText(`Barcode of ${colour} ${size}`), {
          target: { value: `86900${colour.length}0000${i}${colour === 'TISORT1SIYAH' ? 1 : 2}` },
        }),
      );
    }
    const body = preview() as ProductRecord[];
    expect(body.map((r) => r.Main.Type)).toEqual([1, 2, 3, 3, 3, 2, 3, 3, 3]);
    expect(body.filter((r) => r.Main.Type === 3).map((r) => r.Main.Sku)).toEqual([
      'TISORT1SIYAHS',
      'TISORT1SIYAHM',
      'TISORT1SIYAHL',
      'TISORT1BEYAZS',
      'TISORT1BEYAZM',
      'TISORT1BEYAZL',
    ]);
    expect(body.every((r) => r.Main.Model === 'TISORT1')).toBe(true);
    expect(body[1]).toMatchObject({
      Name: [{ Value: 'Tişört SIYAH', Culture: 'std', EntityListId: 4 }],
      Prices: [{ ListPrice: 299.9, SalePrice: 249.9, CurrencyId: 1, EntityListId: 7 }],
    });
    // The barcodes typed above have arbitrary check digits: the editor says so before sending.
    const v = validateProductRequest(body);
    if (!v.ok) {
      expect(screen.getByTestId('product-problems').textContent).toContain('check digit');
      // Send is refused: nothing goes out, and focus moves to the first field with a problem.
      fireEvent.click(screen.getByRole('button', { name: 'Send 9 records' }));
      const focused = document.activeElement as HTMLInputElement;
      expect(focused.getAttribute('aria-invalid')).toBe('true');
      expect(focused.getAttribute('aria-label')).toMatch(/^Barcode of /);
      const describedBy = (focused.getAttribute('aria-describedby') ?? '').split(' ');
      expect(describedBy.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')).toContain('check digit');
    }
    expect(bridge.calls.filter((c) => c.method === 'products.send')).toHaveLength(0);
    // Dozens of re-renders in jsdom: slow on a loaded machine, not a timed test.
  }, 30_000);

  it('puts a scanned barcode into the focused barcode field', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'New single product' }));
    const barcode = screen.getByLabelText<HTMLInputElement>('Barcode');
    barcode.focus();
    await act(async () => {
      for (const ch of '8690345727803') window.dispatchEvent(new KeyboardEvent('keydown', { key: ch, code: `Digit${ch}`, bubbles: true }));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true }));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(barcode.value).toBe('8690345727803');
    expect((preview() as ProductRecord[])[0]!.Main.Barcode).toBe('8690345727803');
  });

  it('keeps a decimal price as typed and reads it like the CSV import; 1.299 is asked about and blocks Send (issue 11.2)', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'New single product' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a price' }));
    // The new price's first field takes the focus: the worker types on without a Tab.
    expect(document.activeElement).toBe(screen.getByLabelText('Price list'));
    const list = screen.getByLabelText<HTMLInputElement>('List price');
    const sale = screen.getByLabelText<HTMLInputElement>('Sale price');
    // Typed one key at a time: the comma and the dot survive.
    for (const step of ['3', '39', '399', '399,', '399,9', '399,90']) fireEvent.change(list, { target: { value: step } });
    for (const step of ['2', '24', '249', '249.', '249.9', '249.90']) fireEvent.change(sale, { target: { value: step } });
    expect(list.value).toBe('399,90');
    expect(sale.value).toBe('249.90');
    fireEvent.blur(list);
    expect(screen.getByText('Read as 399.90')).toBeTruthy();
    expect((preview() as ProductRecord[])[0]!.Prices).toEqual([expect.objectContaining({ ListPrice: 399.9, SalePrice: 249.9 })]);

    fireEvent.change(sale, { target: { value: '1.299' } });
    fireEvent.blur(sale);
    expect(sale.value).toBe('1.299');
    expect(screen.getByText(/“1.299” can be read two ways/)).toBeTruthy();
    // Send is refused while the price cannot be read: focus goes to the first field with a problem.
    fireEvent.click(screen.getByRole('button', { name: /^Send/ }));
    expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
    expect(sale.getAttribute('aria-invalid')).toBe('true');

    // The problem list names the field as the form does, and never shows "NaN" or the request's path.
    const problems = screen.getByTestId('product-problems').textContent ?? '';
    expect(problems).toContain('Record 1, Price 1, Sale price: Empty or not a number');
    expect(problems).toContain('Record 1, SKU:');
    expect(problems).not.toMatch(/NaN|Prices\[0\]|Main\.Sku| ,/);

    fireEvent.change(sale, { target: { value: '0' } });
    fireEvent.blur(sale);
    expect(screen.getByText('The price is 0. Is that right?')).toBeTruthy();
    fireEvent.change(list, { target: { value: '' } });
    fireEvent.blur(list);
    expect(screen.getByText('No price given.')).toBeTruthy();
  });
});
