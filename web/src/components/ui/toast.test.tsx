import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toast, ToastProvider } from '@/components/ui/toast';
import { useToast } from '@/components/ui/toast-context';

describe('Toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('auto-dismisses after 5 s by default', () => {
    const onDismiss = vi.fn();
    render(<Toast message="Hello" onDismiss={onDismiss} />);
    act(() => vi.advanceTimersByTime(4999));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('honours a custom duration', () => {
    const onDismiss = vi.fn();
    render(<Toast message="Mainnet Connected" type="success" duration={3000} onDismiss={onDismiss} />);
    act(() => vi.advanceTimersByTime(3000));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('shows a repeated message once with `once`, and stacks copies without it', () => {
    function Trigger() {
      const toast = useToast();
      return (
        <>
          <button onClick={() => toast.show('Capped at 5', { once: true })}>once</button>
          <button onClick={() => toast.show('Stacked')}>stack</button>
        </>
      );
    }
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'once' }).click());
    act(() => screen.getByRole('button', { name: 'once' }).click());
    expect(screen.getAllByText('Capped at 5')).toHaveLength(1);
    act(() => screen.getByRole('button', { name: 'stack' }).click());
    act(() => screen.getByRole('button', { name: 'stack' }).click());
    expect(screen.getAllByText('Stacked')).toHaveLength(2);
  });

  it('is removed from the provider stack when its time is up, at the requested position', () => {
    function Trigger() {
      const toast = useToast();
      return <button onClick={() => toast.show('No Win This Time!', { type: 'lose', position: 'bottom-left' })}>go</button>;
    }
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'go' }).click());
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('No Win This Time!');
    expect(toast.parentElement?.className).toContain('left-4');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('No Win This Time!')).not.toBeInTheDocument();
  });
});
