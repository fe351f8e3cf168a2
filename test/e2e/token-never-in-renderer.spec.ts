import { expect, signInToSandbox, test } from './fixtures';

test('the access token and the password never reach the renderer', async ({ page, app }) => {
  const seen: string[] = [];
  page.on('response', async (res) => {
    if (res.url().includes('/api/invoke/')) seen.push(await res.text().catch(() => ''));
  });
  const off = app.core.bus.onAny((name, payload) => seen.push(JSON.stringify({ name, payload })));
  await signInToSandbox(page, app);
  // Force a re-login (401 → single re-login) and a write through the outbox while watching.
  await app.admin('expire-tokens', {});
  await page.getByRole('button', { name: 'A-01' }).click();
  await page.getByTestId('manual-code').fill('SKU-TOKEN');
  await page.getByTestId('manual-code').press('Enter');
  await page.getByTestId('last-scan').getByRole('button', { name: 'Count as its own SKU' }).click();
  await page.getByRole('button', { name: 'Review and send' }).click();
  await page.getByRole('button', { name: 'Send 1 quantity' }).click();
  await expect(page.getByTestId('push-item').first()).toHaveAttribute('data-state', 'sent');
  const token = await app.core.ctx.session.getToken();
  off();
  const everything = seen.join('\n') + (await page.content());
  expect(seen.length).toBeGreaterThan(10);
  expect(everything).not.toContain(token);
  expect(everything).not.toContain(token.split('.')[2]!);
  expect(everything).not.toContain('demo1234');
  expect(everything).not.toMatch(/eyJ[\w-]+\.eyJ/);
});
