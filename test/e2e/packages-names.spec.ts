import { fold } from '../../src/shared/text/case';
import { expect, signInToSandbox, test } from './fixtures';

test.use({ sandboxOptions: { packages: 600, returns: 60, seed: 46, days: 10 }, language: 'tr' });

/**
 * Issue 46.10: one or two letters of a customer's name list the packages whose customer's first or
 * last name begins with them (Turkish, as a worker types them); before, they listed "0 paket" and
 * "sync and try again" while hundreds of names began with them.
 */
test('one or two letters of a customer name list the packages of the customers whose name begins with them', async ({ page, app }) => {
  test.setTimeout(120_000);
  await signInToSandbox(page, app, ['A-01'], 'tr');
  await page.getByRole('navigation').getByRole('button', { name: 'Paketler' }).click();
  await page.getByRole('button', { name: 'Şimdi eşitle' }).click();
  await expect(page.getByTestId('last-sync')).toContainText('600', { timeout: 60_000 });

  const order = (await app.admin('packages/record?id=500007')) as { customerFirstName: string; customerLastName: string };
  const search = page.getByRole('searchbox', { name: 'Paket ara' });
  const count = page.getByTestId('result-count');
  const rows = page.getByTestId('package-list').getByRole('listitem');
  for (const name of [order.customerFirstName, order.customerLastName]) {
    for (const letters of [name.slice(0, 1), name.slice(0, 2)].map((l) => l.toLocaleLowerCase('tr-TR'))) {
      await search.fill(letters);
      await expect(count).toHaveAttribute('data-query', letters);
      await expect(page.getByText('Bu bilgisayarda eşleşen paket yok.'), letters).toHaveCount(0);
      await expect(count).toHaveText(/^[1-9]\d* paket/);
      // Every package listed has a customer with a name that begins with the letters typed (folded:
      // "kü" finds Kurt as "ku" does, as three letters or more find "şahi" in Şahin and "sahi").
      const names = await rows.evaluateAll((els) => els.map((e) => e.querySelector('.package-line-customer')?.textContent ?? ''));
      expect(names.length, letters).toBeGreaterThan(0);
      for (const n of names)
        expect(
          fold(n)
            .split(/[\s-]+/)
            .some((w) => w.startsWith(fold(letters))),
          `${letters}: ${n}`,
        ).toBe(true);
    }
  }
});
