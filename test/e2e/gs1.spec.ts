import { expect, signInToSandbox, test } from './fixtures';
import { scanAsDevicePaced, scanText } from './keyboards';

const GS = '\u001d';

test.describe('GS1 codes and command barcodes on the Counts screen', () => {
  test('a GS1-128 case label counts 12 with lot and expiry; the Undo command barcode undoes it', async ({ page, app }) => {
    await signInToSandbox(page, app);
    const { productsOf } = await import('../../src/main/core/catalog/products-repo');
    productsOf(app.core.ctx.workspace()).save({ sku: 'KREM-50', barcode: '9506000134352', name: 'Nemlendirici Krem' }, 'saved');
    await scanText(page, 'A-01');
    await expect(page.getByRole('heading', { name: 'Counting A-01' })).toBeVisible();

    // (02)09506000134352 (37)12 (10)LOT1 (17)271231, FNC1 as GS (Ctrl+]) after the variable fields.
    await scanText(page, `]C10209506000134352${'37'}12${GS}10LOT1${GS}17271231`);
    const card = page.getByTestId('last-scan');
    await expect(card).toHaveAttribute('data-outcome', 'counted');
    await expect(card).toContainText('+12 → 12');
    await expect(card.getByTestId('gs1-facts')).toContainText('Lot LOT1');
    await expect(card.getByTestId('gs1-facts')).toContainText('31 Dec 2027');
    const line = page.locator('[data-sku="KREM-50"]');
    await expect(line).toContainText('12');
    await expect(line.getByTestId('line-lots')).toHaveText('Lot LOT1 · Exp. 31 Dec 2027');
    await expect(page.getByTestId('count-totals')).toContainText('12 units');

    // A malformed one: (37) with (01) is refused with the reason, nothing counted.
    await scanText(page, `]C10109506000134352${'37'}12`);
    await expect(card).toHaveAttribute('data-outcome', 'misread');
    await expect(page.getByTestId('scan-problem')).toHaveText('(01) and (37) may not be in the same code.');
    await expect(page.getByTestId('count-totals')).toContainText('12 units');

    // The command sheet's "Quantity ×2" then a plain scan, then "Undo".
    await scanText(page, 'WDCMDQ2');
    await expect(page.getByTestId('next-quantity')).toHaveValue('2');
    await scanText(page, '9506000134352');
    await expect(page.getByTestId('count-totals')).toContainText('14 units');
    await scanText(page, 'WDCMDUNDO');
    await expect(page.getByTestId('command-notice')).toHaveText('Command: Undo');
    await expect(page.getByTestId('count-totals')).toContainText('12 units');
    await scanText(page, 'WDCMDUNDO');
    await expect(page.getByTestId('count-totals')).toContainText('0 units');
    // Never a product: no line was made for the command codes.
    await expect(page.locator('[data-sku^="WDCMD"]')).toHaveCount(0);
  });
});

test.describe('GS1 separators from a keyboard-wedge scanner, through the browser input at a scanner\'s pace', () => {
  for (const gs of ['ctrl', 'char', 'substitute'] as const) {
    test(`the separator sent as ${gs === 'ctrl' ? 'Ctrl+]' : gs === 'char' ? 'the GS character' : 'the configured ~'} reaches the GS1 reader at 2, 8 and 80 ms a character`, async ({
      page,
      app,
    }) => {
      // A scanner at 80 ms a character is what the wizard sets 120 ms for (1.5 × its gaps).
      await app.core.call('settings.update', { scanner: { maxInterKeyMs: 120, gsSubstitute: gs === 'substitute' ? '~' : '' } });
      await signInToSandbox(page, app);
      const { productsOf } = await import('../../src/main/core/catalog/products-repo');
      productsOf(app.core.ctx.workspace()).save({ sku: 'SUT-1', barcode: '8690010004079', name: 'Süt' }, 'saved');
      await scanAsDevicePaced(page, 'A-01', 8);
      await expect(page.getByRole('heading', { name: 'Counting A-01' })).toBeVisible();
      const sep = gs === 'substitute' ? '~' : GS;
      const card = page.getByTestId('last-scan');
      const quantity = page.getByTestId('next-quantity');
      let total = 0;
      for (const ms of [2, 8, 80]) {
        // Once with the quantity field focused (its digits must not land there), once with nothing focused.
        for (const focus of ['quantity', 'none'] as const) {
          if (focus === 'quantity') await quantity.focus();
          else await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          await scanAsDevicePaced(page, `]C10108690010004079${'10'}LOT42${sep}17271231`, ms, gs === 'char' ? 'char' : 'ctrl');
          total += 1;
          await expect(card, `${ms} ms, ${focus}`).toHaveAttribute('data-outcome', 'counted');
          await expect(card, `${ms} ms, ${focus}`).toContainText(`+1 → ${total}`);
          await expect(card.getByTestId('gs1-facts')).toContainText('Lot LOT42');
          await expect(card.getByTestId('gs1-facts')).toContainText('31 Dec 2027');
          await expect(quantity).toHaveValue('');
        }
      }
      await expect(page.getByTestId('count-totals')).toContainText(`${total} units`);
    });
  }
});

test('a GS1 code without identifier counts; a lot that ran into the next element says a separator may be missing', async ({ page, app }) => {
  await signInToSandbox(page, app);
  const { productsOf } = await import('../../src/main/core/catalog/products-repo');
  productsOf(app.core.ctx.workspace()).save({ sku: 'SUT-1', barcode: '8690010004079', name: 'Süt' }, 'saved');
  await scanText(page, 'A-01');
  await expect(page.getByRole('heading', { name: 'Counting A-01' })).toBeVisible();
  const card = page.getByTestId('last-scan');
  await scanText(page, '0108690010004079');
  await expect(card).toHaveAttribute('data-outcome', 'counted');
  await expect(card).toContainText('Süt');
  await expect(page.locator('[data-sku="SUT-1"]')).toBeVisible();
  await scanText(page, '0108690010004079' + '10LOT4217271231');
  await expect(card).toContainText('+1 → 2');
  await expect(card.getByTestId('gs1-separator-missing')).toHaveText('Separator missing? Maybe (10)LOT42 (17)271231');
  await expect(card.getByTestId('gs1-separator-missing')).toBeInViewport();
});
