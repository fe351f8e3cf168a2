import { resources } from '../../src/shared/i18n';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 1024, height: 768 } });

for (const language of ['tr', 'en'] as const) {
  test.describe(`${language} 1024×768`, () => {
    test.use({ language });

    test('a first start (no connection yet): the form, training mode with its text and Connections… are all above the fold', async ({ page }) => {
      const L = resources[language];
      await expect(page.getByText(L.signIn.noProfiles)).toBeVisible();
      for (const part of [
        page.getByLabel(L.signIn.userName, { exact: true }),
        page.getByRole('button', { name: L.signIn.training }),
        page.getByText(L.signIn.trainingHint),
        page.getByRole('button', { name: L.signIn.manageProfiles }),
      ])
        await expect(part).toBeInViewport({ ratio: 1 });
    });
  });
}
