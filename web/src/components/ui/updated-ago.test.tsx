import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UpdatedAgo, agoText, asOfText, secondsSince } from '@/components/ui/updated-ago';

describe('updated ago', () => {
  it('counts whole seconds since the stamp, never negative', () => {
    const t = Date.parse('2026-01-01T00:00:00Z');
    expect(secondsSince('2026-01-01T00:00:00Z', t + 12_900)).toBe(12);
    expect(secondsSince('2026-01-01T00:00:05Z', t)).toBe(0);
    expect(secondsSince('not a time', t)).toBe(0);
  });
  it('says it in words', () => {
    expect(agoText(0)).toBe('just now');
    expect(agoText(12)).toBe('12 s ago');
    expect(agoText(125)).toBe('2 min ago');
    expect(agoText(7300)).toBe('2 h ago');
  });
  it('says when stale figures were read, and that the node is unavailable', () => {
    const iso = '2026-01-01T10:15:30Z';
    expect(asOfText(iso)).toBe(`as of ${new Date(iso).toLocaleTimeString()}`);
    render(<UpdatedAgo iso={iso} stale />);
    const el = screen.getByTestId('updated-ago');
    expect(el.textContent).toContain('Chain node unavailable: figures as of ' + new Date(iso).toLocaleTimeString());
    expect(el.getAttribute('role')).toBe('status');
  });
  it('says only "Updated …" when fresh', () => {
    render(<UpdatedAgo iso={new Date().toISOString()} stale={false} />);
    expect(screen.getByTestId('updated-ago').textContent).toBe('Updated just now');
  });
});
