import { addProfile, expect, signIn, signInToSandbox, test } from './fixtures';
import { scanAtWindow } from './keyboards';

test.describe('sign-in', () => {
  test('training mode signs in and shows the banner on every screen', async ({ page, app }) => {
    await page.getByRole('button', { name: 'Training mode' }).click();
    const banner = page.getByTestId('training-banner');
    await expect(banner).toContainText('TRAINING MODE');
    for (const screen of ['Packages', 'Returns', 'Products', 'Notifications', 'Settings', 'Counts']) {
      await page.getByRole('navigation').getByRole('button', { name: screen }).click();
      await expect(banner).toBeVisible();
    }
    expect((await app.core.call('session.get', {})).ok).toBe(true);
  });

  test('training mode and a sign-in start on Counts, not on the screen open before: a shelf scan opens its count', async ({
    page,
    app,
  }) => {
    await signInToSandbox(page, app);
    await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Training mode' }).click();
    const counts = page.getByRole('navigation').getByRole('button', { name: 'Counts' });
    await expect(counts).toHaveAttribute('aria-current', 'page');
    await scanAtWindow(page, 'A-01-01');
    await expect(page.getByRole('heading', { name: 'Counting A-01-01' })).toBeVisible();
    await page.getByRole('navigation').getByRole('button', { name: 'Returns' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page);
    await expect(counts).toHaveAttribute('aria-current', 'page');
  });

  test('a connection saved while the sign-in screen is open (another window, the administrator) shows at once, and one deleted goes', async ({
    page,
    app,
  }) => {
    await expect(page.getByText('No connection yet', { exact: false })).toBeVisible();
    const saved = await app.core.call('profiles.save', {
      name: 'Ana depo',
      omsUrl: app.sandbox.url,
      pimUrl: app.sandbox.url,
      companyId: 1,
      storageCodes: [],
    });
    const select = page.getByRole('combobox', { name: 'Connection', exact: true });
    await expect(select.locator('option')).toHaveText([`Ana depo — ${app.sandbox.url}`]);
    await expect(select).toBeEnabled();
    await signIn(page);
    await expect(page.getByRole('navigation')).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await app.core.call('profiles.delete', { id: saved.ok ? saved.value.id : '' });
    await expect(select.locator('option')).toHaveCount(0);
  });

  test('a sheet printed in training says it is training (the sheet covered the banner)', async ({ page }) => {
    await page.getByRole('button', { name: 'Training mode' }).click();
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: /^Shelf labels \(\d+ storage codes\)…$/ }).click();
    await expect(page.getByTestId('print-training')).toHaveText('TRAINING MODE — nothing you do here reaches the real service.');
  });

  test('signing out of training with a count open says the practice count does not come back (it promised it would)', async ({ page }) => {
    await page.getByRole('button', { name: 'Training mode' }).click();
    await page.getByRole('navigation').getByRole('button', { name: 'Counts' }).click();
    await page.getByRole('button', { name: 'A-01-01' }).click();
    await page.getByTestId('manual-code').fill('RAF-1');
    await page.getByTestId('manual-code').press('Enter');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('dialog', { name: 'A count is still open' })).toContainText(
      'The practice count of A-01-01 (1 products) has not been sent. This is training: the next training session starts afresh, without it.',
    );
  });

  test('a profile pointed at the sandbox signs in; a wrong password is told plainly', async ({ page, app }) => {
    await addProfile(page, app.sandbox.url);
    await signIn(page, 'demo', 'wrong');
    await expect(page.getByRole('alert')).toContainText('User name or password is wrong.');
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await signIn(page);
    await expect(page.getByRole('navigation')).toBeVisible();
    await expect(page.getByRole('status').first()).toContainText('Signed in as demo (Warehouse)');
  });

  test('signing in from the keyboard keeps the focus on Sign in while it waits, for the next try', async ({ page, app }) => {
    await addProfile(page, app.sandbox.url);
    await page.getByLabel('User name', { exact: true }).fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText('User name or password is wrong.');
    await expect(submit).toBeFocused();
  });

  test('an unreachable address gives a clear error', async ({ page }) => {
    await addProfile(page, 'http://127.0.0.1:9', 'Nowhere');
    await signIn(page);
    await expect(page.getByRole('alert')).toContainText('The service cannot be reached');
  });

  test('the session survives a token expiry forced through the sandbox', async ({ page, app }) => {
    await addProfile(page, app.sandbox.url);
    await signIn(page);
    await expect(page.getByRole('navigation')).toBeVisible();
    const before = (await app.admin('hits')) as Record<string, number>;
    await app.admin('expire-tokens', {});
    // Any authorized call now gets a 401, re-logs in once and succeeds.
    const token = await app.core.ctx.session.authorized((t) =>
      app.core.ctx.http.send(`${app.sandbox.url}/orders/GetOrderPackages?page=0&size=1`, { headers: { authorization: `Bearer ${t}` } }),
    );
    expect(token.status).toBe(200);
    const after = (await app.admin('hits')) as Record<string, number>;
    expect((after['POST /auth/login'] ?? 0) - (before['POST /auth/login'] ?? 0)).toBe(1);
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('status').first()).toContainText('Signed in as demo');
  });

  test('the password changed on the service mid-shift: the sign-in says so, with the user name filled in; nothing is lost', async ({
    page,
    app,
  }) => {
    await addProfile(page, app.sandbox.url);
    await signIn(page);
    await expect(page.getByRole('navigation')).toBeVisible();
    const count = await app.core.call('counts.open', { storageCode: 'A-01-01' });
    expect(count.ok).toBe(true);
    // Somebody changed the password on the service; the token stops working.
    app.sandbox.core.users.demo = 'new-password-7';
    app.sandbox.core.generation += 1;
    await page.getByRole('navigation').getByRole('button', { name: 'Packages' }).click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    const said = page.getByRole('alert');
    await expect(said).toContainText('The service no longer accepts the password you signed in with');
    await expect(page.getByLabel('User name', { exact: true })).toHaveValue('demo');
    await page.getByLabel('Password', { exact: true }).fill('new-password-7');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('navigation')).toBeVisible();
    // The count that was open is still open.
    const again = await app.core.call('counts.open', { storageCode: 'A-01-01' });
    expect(again.ok && count.ok && again.value.session.id).toBe(count.ok && count.value.session.id);
  });

  test('the language switch turns the whole shell Turkish', async ({ page }) => {
    await page.getByRole('button', { name: 'Training mode' }).click();
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Language').selectOption('tr');
    await expect(page.getByRole('navigation').getByRole('button', { name: 'İadeler' })).toBeVisible();
    await expect(page.getByTestId('training-banner')).toContainText('EĞİTİM MODU');
  });
});
