import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IndexProgress, catchingUp, indexedPerMille } from '@/components/ui/index-progress';

describe('index progress', () => {
  it('computes the share exactly on heights past 2^53', () => {
    expect(indexedPerMille('4503599627370496', '9007199254740993')).toBe(499);
    expect(indexedPerMille('90', '100')).toBe(900);
    expect(indexedPerMille('101', '100')).toBe(1000);
    expect(indexedPerMille('0', '0')).toBe(1000);
    expect(indexedPerMille('x', '100')).toBeNull();
  });
  it('is catching up only past one window behind the head', () => {
    expect(catchingUp('90', '100')).toBe(false);
    expect(catchingUp('89', '100')).toBe(true);
    expect(catchingUp('100', '90')).toBe(false);
  });
  it('shows a bar with its value while catching up, none once caught up', () => {
    const { rerender } = render(<IndexProgress indexed="250000" head="1000000" />);
    const bar = screen.getByRole('progressbar', { name: 'Event index progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('index-progress').textContent).toBe('Catching up: indexed to block 250000 of 1000000');
    rerender(<IndexProgress indexed="999995" head="1000000" />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('index-progress').textContent).toBe('Indexed to block 999995 of 1000000');
  });
});
