import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Claim } from '@/components/claims/claim';
import { configQueryKey } from '@/lib/config';
import { devnetConfig } from '@/lib/wallet/testing/fake-provider';
import type { BurnSourcesResponse } from '@/types/api';
import { CLAIMS, POLICY_MARKERS, type ClaimPage } from './claims';

// The sources of the pages the claims are stated on: every burn, supply or fee sentence of
// theirs comes from the list, so none may be written in them.
const sources = import.meta.glob(
  [
    '../../features/landing/**/*.tsx',
    '../../app/layout/footer.tsx',
    '../../features/learn-more/*.tsx',
    '../../features/whitepaper/*.tsx',
    '../../features/slots/fair-*.tsx',
    '../../components/claims/where-fees-go.tsx',
    '../../components/ecosystem/ecosystem-info.tsx',
  ],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;

const pageFiles: Record<ClaimPage, RegExp> = {
  landing: /features\/landing\/|components\/ecosystem\/ecosystem-info\.tsx$/,
  footer: /app\/layout\/footer\.tsx$/,
  'learn-more': /features\/learn-more\//,
  whitepaper: /features\/whitepaper\//,
  'slots-fair': /features\/slots\/fair-|components\/claims\/where-fees-go\.tsx$/,
};

// Wording that states a burn, a shrinking supply or a fee's destination as a fact.
const FACT = /\b(are|is) burned\b|feed(s|ing)? the burn|100 ?%|deflationary|supply (shrink|only goes down)|ever-scarcer|provably fair/i;

const sample: BurnSourcesResponse = {
  indexedHeight: '10',
  headHeight: '10',
  token: 'LUCKY',
  coinType: '0x4205::LUCKY::LUCKY',
  decimals: 6,
  burnAddress: '0x00000000000000000000000000000000ffffffffffffffffffffffffffffffff',
  feeCollector: '0x000000000000000000000000000000000000000000000000000000000000de03',
  bySells: { amount: '1234567', transactions: 2 },
  byPlay: { amount: '2000000', transactions: 1 },
  byFees: { amount: '0', transactions: 0 },
  byHolders: { amount: '999999999999999', transactions: 7 },
  spinFees: { amount: '5000001', transactions: 3 },
};
const shown: Record<string, string> = {
  bySells: '1.234567 LUCKY',
  byPlay: '2 LUCKY',
  byFees: '0 LUCKY',
  byHolders: '999,999,999.999999 LUCKY',
  spinFees: '5.000001 LUCKY',
};

describe('claims', () => {
  it.each(CLAIMS.map((c) => [c.id, c] as const))('%s is measured with a source or worded as policy', (_, c) => {
    if (c.kind === 'policy') {
      expect(POLICY_MARKERS.some((m) => m.test(c.text))).toBe(true);
      return;
    }
    expect(Object.keys(shown)).toContain(c.figure);
    expect(['burnAddress', 'feeCollector']).toContain(c.source);
    expect(c.label.length).toBeGreaterThan(0);
    // A measured claim that also restates the policy says whose word it is.
    if (FACT.test(c.text)) expect(POLICY_MARKERS.some((m) => m.test(c.text))).toBe(true);
  });

  it.each(CLAIMS.filter((c) => c.kind === 'measured').map((c) => [c.id, c] as const))(
    '%s renders with its index figure and source address beside it',
    async (id, c) => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
      client.setQueryData(['burns', 'sources'], sample);
      client.setQueryData(configQueryKey, devnetConfig);
      const { container } = render(
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <Claim id={id} />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      const el = container.querySelector(`[data-claim="${id}"]`) as HTMLElement;
      expect(within(el).getByTestId('claim-text').textContent).toBe(c.text);
      const figure = await within(el).findByTestId('claim-figure', {}, { timeout: 5000 });
      expect(within(figure).getByTestId('claim-amount').textContent).toBe(shown[c.figure]);
      const at = c.source === 'feeCollector' ? sample.feeCollector! : sample.burnAddress;
      expect(within(figure).getByRole('link').getAttribute('aria-label') ?? '').toContain(at);
    },
  );

  it('every claim is rendered by a page it belongs to, and those pages state no claim of their own', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(8);
    for (const c of CLAIMS) {
      const files = Object.entries(sources).filter(([path]) => pageFiles[c.page].test(path));
      expect(
        files.some(([, text]) => text.includes(`'${c.id}'`) || text.includes(`"${c.id}"`)),
        `${c.id} is not rendered on ${c.page}`,
      ).toBe(true);
    }
    for (const [path, text] of Object.entries(sources)) {
      // Comments may describe; rendered text may not claim.
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      expect(code.match(FACT)?.[0], `${path} states a claim outside lib/claims/claims.ts`).toBeUndefined();
    }
  });
});
