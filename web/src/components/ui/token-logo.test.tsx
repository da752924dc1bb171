import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN_LOGO, TokenLogo } from '@/components/ui/token-logo';

describe('TokenLogo', () => {
  it('shows the given logo', () => {
    render(<TokenLogo src="/images/tokens/lucky.svg" name="LUCKY" />);
    expect(screen.getByRole('img', { name: 'LUCKY logo' })).toHaveAttribute('src', '/images/tokens/lucky.svg');
  });

  it('falls back to the default image when the logo fails to load, only once', () => {
    render(<TokenLogo src="/broken.png" name="DAWGZ" />);
    const img = screen.getByRole('img', { name: 'DAWGZ logo' });
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', DEFAULT_TOKEN_LOGO);
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', DEFAULT_TOKEN_LOGO);
  });

  it('uses a custom fallback (miners, NFTs) and the fallback when no src is given', () => {
    render(<TokenLogo src={null} name="Nano Rig" fallbackSrc="/images/miners/default.png" />);
    expect(screen.getByRole('img', { name: 'Nano Rig logo' })).toHaveAttribute('src', '/images/miners/default.png');
  });
});
