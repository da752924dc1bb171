import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Header } from '@/app/layout/header';
import { ToastProvider } from '@/components/ui/toast';
import { SoundManager } from '@/lib/sound';
import { SoundProvider } from '@/lib/sound-context';

function renderHeader() {
  const router = createMemoryRouter(
    [{ path: '*', element: <><Header /><p>outside</p></> }],
    { initialEntries: ['/'] },
  );
  render(
    <SoundProvider manager={new SoundManager()}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </SoundProvider>,
  );
  return router;
}

describe('Header', () => {
  it('has the six nav links in order', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['HOME', '/'],
      ['SWAP', '/swap'],
      ['GAMES', '/play'],
      ['TOOLS', '/tools'],
      ['EARN', '/earn'],
      ['STATS', '/stats'],
    ]);
  });

  it('mobile menu: toggles aria-expanded, closes on outside pointerdown and on navigation', async () => {
    const user = userEvent.setup();
    const router = renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // A press inside the menu keeps it open.
    fireEvent.pointerDown(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await act(() => router.navigate('/tools'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('sound toggle persists "false" then "true" in localStorage.soundEnabled', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Mute sound' }));
    expect(localStorage.getItem('soundEnabled')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Unmute sound' }));
    expect(localStorage.getItem('soundEnabled')).toBe('true');
  });

  it('shows the wallet button in its Connect Wallet state', () => {
    renderHeader();
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeEnabled();
  });
});
