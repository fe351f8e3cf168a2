import { expect, signInToSandbox, test } from './fixtures';
import { scanText } from './keyboards';

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
