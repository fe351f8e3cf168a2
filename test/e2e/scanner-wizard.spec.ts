import { expect, signInToSandbox, test, unlockAdmin } from './fixtures';
import { pressAfterPause, scanAsDevicePaced, scanText } from './keyboards';

const GS = '\u001d';
const GS1_SHEET = (fnc1: string) => [
  ']E08690000000012',
  "]C0Ti-*iI'7",
  `]C1010950600013435210LOT-7${fnc1}21SN1`,
  `]d2010950600013435217271231` + `10AB12${fnc1}21X9`,
];

test.describe('scanner setup wizard', () => {
  test('fed the test sheet typed with a Turkish Q layout, it ends with settings under which every symbol reads', async ({ page, app }) => {
    await signInToSandbox(page, app);
    // Settings that fit this scanner nowhere: a prefix it does not send, Enter instead of Tab,
    // characters read from the layout, no FNC1 substitute.
    await app.core.call('settings.update', {
      scanner: { prefix: '$', suffix: 'Enter', usePhysicalKeys: false, gsSubstitute: '' },
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Storage code' })).toBeVisible();
    await page.getByRole('button', { name: 'Settings' }).click();
    await unlockAdmin(page);
    await page.getByRole('button', { name: 'Set up the scanner from the test sheet…' }).click();
    const wizard = page.getByTestId('scanner-wizard');
    await expect(wizard.getByRole('listitem').first()).toHaveAttribute('data-state', 'next');

    // The scanner: AIM identifiers on, FNC1 sent as ~, Tab after each code, Turkish Q keyboard.
    for (const [i, code] of GS1_SHEET('~').entries()) {
      await scanText(page, code, 'turkish-q', 'Tab');
      if (i < 3) await expect(wizard.getByRole('listitem').nth(i)).toHaveAttribute('data-state', 'read');
    }
    await expect(page.getByTestId('wizard-summary')).toHaveText('Done: every code of the test sheet reads with these settings.');
    const changes = page.getByTestId('wizard-changes');
    await expect(changes.locator('[data-setting="prefix"]')).toContainText('$(none)');
    await expect(changes.locator('[data-setting="suffix"]')).toContainText('EnterTab');
    await expect(changes.locator('[data-setting="usePhysicalKeys"]')).toContainText('offon');
    await expect(changes.locator('[data-setting="gsSubstitute"]')).toContainText('(the scanner sends GS)~');
    await expect(page.getByTestId('wizard-results').locator('[data-pass="true"]')).toHaveCount(4);
    const saved = await app.core.call('settings.get', {});
    expect(saved.ok && saved.value.scanner).toMatchObject({ prefix: '', suffix: 'Tab', usePhysicalKeys: true, gsSubstitute: '~' });
    // The form shows the new values.
    await expect(page.getByLabel('Character the scanner sends for the GS1 separator (FNC1)')).toHaveValue('~');

    // And counting reads that scanner now: the shelf label, then a case label of 12.
    const { productsOf } = await import('../../src/main/core/catalog/products-repo');
    productsOf(app.core.ctx.workspace()).save({ sku: 'KREM-50', barcode: '9506000134352', name: 'Krem' }, 'saved');
    await page.keyboard.press('Alt+1');
    await scanText(page, ']C0A-01', 'turkish-q', 'Tab');
    await expect(page.getByRole('heading', { name: 'Counting A-01' })).toBeVisible();
    await scanText(page, `]C10209506000134352${'37'}12~10LOT1~17271231`, 'turkish-q', 'Tab');
    await expect(page.getByTestId('last-scan')).toContainText('+12 → 12');
    await expect(page.locator('[data-sku="KREM-50"]').getByTestId('line-lots')).toHaveText('Lot LOT1 · Exp. 31 Dec 2027');
  });

  test('a scanner sending FNC1 as Ctrl+] through the browser input: test codes 3 and 4 read; one that drops it shows what arrived', async ({
    page,
    app,
  }) => {
    await signInToSandbox(page, app);
    await page.keyboard.press('Alt+6');
    await unlockAdmin(page);
    await page.getByRole('button', { name: 'Set up the scanner from the test sheet…' }).click();
    const wizard = page.getByTestId('scanner-wizard');
    const results = page.getByTestId('wizard-results');
    // First a scanner that drops the separator: the GS1 codes fail, and the wizard shows the characters that came.
    for (const [i, code] of GS1_SHEET('').entries()) {
      await scanAsDevicePaced(page, code, 8);
      if (i < 3) await expect(wizard.getByRole('listitem').nth(i)).toHaveAttribute('data-state', 'read');
    }
    const lost = results.locator('[data-pass="false"]');
    await expect(lost).toHaveCount(2);
    await expect(lost.first().getByTestId('wizard-received')).toHaveText('Characters that arrived: ]C1010950600013435210LOT-721SN1');
    await wizard.getByRole('button', { name: 'Start again' }).click();
    // Now Ctrl+] (Control down, then ]) at 8 ms a character.
    for (const [i, code] of GS1_SHEET(GS).entries()) {
      await scanAsDevicePaced(page, code, 8);
      if (i < 3) await expect(wizard.getByRole('listitem').nth(i)).toHaveAttribute('data-state', 'read');
    }
    await expect(page.getByTestId('wizard-summary')).toHaveText('Done: every code of the test sheet reads with these settings.');
    await expect(results.locator('[data-pass="true"]')).toHaveCount(4);
    await expect(results.locator('li').nth(2)).toContainText('<GS>21SN1');
  });

  test('between scans the keyboard still works: Tab reaches its buttons, Escape closes it and gives the focus back', async ({
    page,
    app,
  }) => {
    await signInToSandbox(page, app);
    await page.keyboard.press('Alt+6');
    await unlockAdmin(page);
    const start = page.getByRole('button', { name: 'Set up the scanner from the test sheet…' });
    await start.click();
    const wizard = page.getByTestId('scanner-wizard');
    // It opens with the focus in it; Tab and Shift+Tab (its Shift is not the start of a scan) move.
    await expect(wizard.getByRole('heading', { name: 'Set up the scanner' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(wizard.getByRole('button', { name: 'Print the test sheet…' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(wizard.getByRole('button', { name: 'Start again' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(wizard.getByRole('button', { name: 'Print the test sheet…' })).toBeFocused();
    await scanText(page, GS1_SHEET('~')[0]!, 'us', 'Tab');
    await expect(wizard.getByRole('listitem').first()).toHaveAttribute('data-state', 'read');
    // A person's Tab after the scan (not the scanner's suffix): it moves among the wizard's buttons.
    await wizard.getByRole('button', { name: 'Close' }).focus();
    await pressAfterPause(page, 'Tab', { shift: true });
    await expect(wizard.getByRole('button', { name: 'Start again' })).toBeFocused();
    await expect(wizard.getByRole('listitem').nth(1)).toHaveAttribute('data-state', 'next');
    await pressAfterPause(page, 'Escape');
    await expect(wizard).toHaveCount(0);
    await expect(start).toBeFocused();
  });

  test('the scanner test’s advice has an Apply button that changes the setting', async ({ page, app }) => {
    await signInToSandbox(page, app);
    await page.keyboard.press('Alt+6');
    await unlockAdmin(page);
    await page.getByRole('button', { name: 'Start the test' }).click();
    await scanText(page, 'ABC-123', 'us', 'Tab');
    const advice = page.getByTestId('scanner-test').getByRole('listitem').filter({ hasText: 'ended with Tab' });
    await advice.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByLabel('Key that ends a code')).toHaveValue('Tab');
    const saved = await app.core.call('settings.get', {});
    expect(saved.ok && saved.value.scanner.suffix).toBe('Tab');
  });
});
