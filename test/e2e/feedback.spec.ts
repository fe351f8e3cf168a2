import type { Page } from '@playwright/test';
import { resources } from '../../src/shared/i18n';
import { expect, signInToSandbox, test } from './fixtures';

const scan = (page: Page, code: string) =>
  page.evaluate(`((code) => {
    for (const ch of code) {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: ch, code: /[0-9]/.test(ch) ? 'Digit' + ch : 'Key' + ch.toUpperCase(), shiftKey: ch !== ch.toLowerCase(), bubbles: true, cancelable: true }));
    }
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }));
  })(${JSON.stringify(code)})`);

test.describe('feedback a worker cannot miss', () => {
  test('a scan on a screen without scans says so; sign-out with an open count asks, focus on staying', async ({ page, app }) => {
    await signInToSandbox(page, app);
    await page.getByRole('navigation').getByRole('button', { name: 'Outbox' }).click();
    await scan(page, '8690000000001');
    await expect(page.getByTestId('toasts')).toContainText('A scan was read (8690000000001), but this screen does not use scans.');

    await page.getByRole('navigation').getByRole('button', { name: 'Counts' }).click();
    await page.getByRole('button', { name: 'A-01' }).click();
    await page.getByTestId('manual-code').fill('RAF-1');
    await page.getByTestId('manual-code').press('Enter');
    await expect(page.getByTestId('count-totals')).toContainText('1 unit');
    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog', { name: 'A count is still open' });
    await expect(dialog).toContainText('The count of A-01 (1 products) has not been sent.');
    await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation')).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await dialog.getByRole('button', { name: 'Sign out anyway' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('Turkish with the service offline', () => {
  test.use({ language: 'tr' });

  test('errors and toasts are Turkish, technical text folded away', async ({ page, app }) => {
    const L = resources.tr;
    await app.core.call('profiles.save', {
      name: 'Depo',
      omsUrl: app.sandbox.url,
      pimUrl: app.sandbox.url,
      companyId: 1,
      storageCodes: ['A-01'],
    });
    await page.reload();
    await page.getByLabel(L.signIn.userName, { exact: true }).fill('demo');
    await page.getByLabel(L.signIn.password, { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: L.signIn.submit, exact: true }).click();
    await expect(page.getByRole('navigation')).toBeVisible();
    await app.sandbox.close();
    await page.getByRole('navigation').getByRole('button', { name: L.common.nav.packages }).click();
    await page.getByRole('button', { name: L.packages.sync.now }).click();
    const alert = page.getByRole('alert').first();
    await expect(alert).toContainText(L.errors.network);
    await expect(alert).toContainText(L.errors.cause.refused);
    // The technical text is there for support, but not what the worker reads.
    await expect(alert.locator('details')).not.toHaveAttribute('open');
    const visible = await page.locator('main').innerText();
    expect(visible).not.toMatch(/UND_ERR|ECONN|cannot reach|HTTP \d{3}|refused the write/);
  });
});
