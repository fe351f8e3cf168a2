import { ADMIN_PIN, expect, test, unlockAdmin } from './fixtures';

test.describe('administrator settings behind a PIN', () => {
  test('a worker sees language and sound only; the PIN is set on first use, locks and unlocks', async ({ page, app }) => {
    await page.getByRole('button', { name: 'Training mode' }).click();
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    // The worker's part.
    await expect(page.getByLabel('Language')).toBeVisible();
    await expect(page.getByLabel('Beep when a scan is stored')).toBeVisible();
    // The administrator's part is not there, only the PIN form.
    await expect(page.getByRole('heading', { name: 'Connections' })).toHaveCount(0);
    await expect(page.getByLabel('Station name of this PC')).toHaveCount(0);
    await expect(page.getByLabel('Sync every (minutes, 0 = off)')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Scanner' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Set the administrator PIN' })).toBeVisible();
    await expect(page.getByText('Only deleting the app’s data folder resets it')).toBeVisible();

    // First use: two PINs that differ are refused at the field.
    await page.getByLabel('Administrator PIN', { exact: true }).fill('1234');
    await page.getByLabel('PIN again').fill('4321');
    await page.getByRole('button', { name: 'Set PIN and open' }).click();
    await expect(page.getByLabel('PIN again')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).toContainText('The two PINs are not the same.');
    expect(await app.core.call('admin.status', {})).toMatchObject({ ok: true, value: { pinSet: false } });

    await unlockAdmin(page);
    await expect(page.getByRole('heading', { name: 'Connections' })).toBeVisible();
    await expect(page.getByLabel('Station name of this PC')).toBeVisible();

    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Connections' })).toHaveCount(0);
    await page.getByLabel('Administrator PIN', { exact: true }).fill('0000');
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Wrong administrator PIN. 4 more tries before a wait.');
    await expect(page.getByRole('heading', { name: 'Connections' })).toHaveCount(0);
    await unlockAdmin(page, ADMIN_PIN);
    await expect(page.getByRole('heading', { name: 'Connections' })).toBeVisible();

    // A reload is a new page: locked again (the core keeps the unlock per page).
    await page.reload();
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('button', { name: 'Unlock', exact: true })).toBeVisible();
    await expect(page.getByLabel('Station name of this PC')).toHaveCount(0);
  });

  test('in Turkish the PIN form and its errors are Turkish', async ({ page }) => {
    await page.getByRole('button', { name: 'Training mode' }).click();
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Language').selectOption('tr');
    await expect(page.getByRole('heading', { name: 'Yönetici PIN’ini belirleyin' })).toBeVisible();
    await page.getByLabel('Yönetici PIN’i', { exact: true }).fill('12');
    await page.getByLabel('PIN (tekrar)').fill('12');
    await page.getByRole('button', { name: 'PIN’i kaydet ve aç' }).click();
    await expect(page.getByRole('alert')).toContainText('PIN 4 ile 12 haneden oluşur.');
  });
});

test.describe('Test connection', () => {
  test('reports accepted credentials, a wrong password and an unreachable address, and saves nothing', async ({ page, app }) => {
    await page.getByRole('button', { name: 'Connections…' }).click();
    await unlockAdmin(page);
    await page.getByRole('button', { name: 'New connection' }).click();
    await page.getByLabel('Order service (OMS) address').fill(app.sandbox.url);
    await page.getByLabel('User name for the test').fill('demo');
    await page.getByLabel('Password for the test').fill('demo1234');
    const result = page.getByTestId('connection-test-result');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(result).toHaveText('The service answers and accepted the user name and password.');

    await page.getByLabel('Password for the test').fill('wrong-password');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(result).toHaveText('The service answers, but the user name or password is wrong.');

    await page.getByLabel('Order service (OMS) address').fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(result).toHaveText('Nothing answers at this address: check the address and the network.');

    expect(await app.core.call('profiles.list', {})).toMatchObject({ ok: true, value: [] });
    expect(await app.core.call('session.get', {})).toMatchObject({ ok: true, value: { signedIn: false } });
  });
});
