import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FeatureOffNotice } from '@/components/ui/feature-off-notice';
import { configQueryKey } from '@/lib/config';
import { devnetConfig } from '@/lib/wallet/testing/fake-provider';
import type { AppConfig } from '@/types/api';

const reason =
  'The chain differs from what LUCKY expects: slots_v3::play_supra_coin mismatch: expected entry <0>(&signer, u64, u64, address): (), found entry <0>(&signer, u64, u64, 0x1::string::String): ().';

function renderAt(path: string, config: AppConfig) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(configQueryKey, config);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <FeatureOffNotice />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const slotsOff: AppConfig = { ...devnetConfig, features: { ...devnetConfig.features, slots: { on: false, reason } } };

describe('feature off notice', () => {
  it('says on the slot game route that it is off, and why', () => {
    renderAt('/slots/LUCKY', slotsOff);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('The slot game is switched off for now.');
    expect(notice.textContent).toContain('slots_v3::play_supra_coin');
  });
  it('says nothing on the routes of features that are on', () => {
    renderAt('/swap', slotsOff);
    expect(screen.queryByRole('status')).toBeNull();
    renderAt('/slots/fair', slotsOff);
    expect(screen.queryByRole('status')).toBeNull();
  });
  it('says nothing when every feature is on', () => {
    renderAt('/slots', devnetConfig);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
