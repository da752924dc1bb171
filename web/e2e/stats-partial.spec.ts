import { expect, test } from './fixtures';
import { LUCKY } from './support/chain';
import { nodeView } from './support/market';
import { formatSupply } from '../src/lib/format';
import type { LuckyDashboard } from '../src/types/api';

test.describe('stats: a partly failed load', () => {
  test('names the failed part in its toast and on its card, and still shows the parts that loaded', async ({ page }) => {
    // The server's answer when the node fails the house fund read only: that part null and named.
    let served: LuckyDashboard | undefined;
    await page.route('**/api/v1/market/lucky*', async (route) => {
      const res = await route.fetch();
      const d = (await res.json()) as LuckyDashboard;
      served = { ...d, houseVault: null, failed: ['vault'] };
      await route.fulfill({ response: res, json: served });
    });
    await page.goto('/stats');

    const toast = page.getByText('Error fetching vault balance!');
    await expect(toast).toBeVisible();
    for (const other of ['Error fetching burned tokens!', 'Error fetching LUCKY data!', 'Error fetching liquidity data!', 'Error refreshing data!']) {
      await expect(page.getByText(other)).toHaveCount(0);
    }
    await expect(page.getByTestId('card-vault-value')).toHaveText('Unavailable');

    // The parts that loaded show the chain's figures.
    const d = served!;
    const [supply] = (await nodeView(page.request, '0x1::coin::supply', [LUCKY])) as [{ vec: string[] }];
    const [burned] = (await nodeView(page.request, '0x1::coin::balance', [LUCKY], [d.burnAddress])) as [string];
    await expect(page.getByTestId('card-total-supply-value')).toHaveText(`${formatSupply(BigInt(supply.vec[0]!), 6)} LUCKY`);
    await expect(page.getByTestId('card-burned-value')).toHaveText(`${formatSupply(BigInt(burned), 6)} LUCKY`);
    await expect(page.getByTestId('card-price-value')).toHaveText(/^\$\d/);
    await expect(page.getByTestId('card-pool-supra-value')).toContainText(/ LUCKY \/.* SUPRA$/);

    // The dashboard's toasts last 3 s (docs/product.md, Token Analytics).
    await expect(toast).toHaveCount(0, { timeout: 4500 });
  });
});
