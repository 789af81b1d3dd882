import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorToast, successToast, type Toast } from '@referrals/shared';
import { backgroundHue } from '../testing/colour.testkit';
import { ToastProvider } from './ToastProvider';
import { useToast } from './useToast';

/** Raises the given toasts once, then re-renders every `tickMs` like a screen being typed in. */
const Raiser = ({
  toasts,
  tickMs,
}: {
  readonly toasts: readonly Toast[];
  readonly tickMs?: number;
}) => {
  const toast = useToast();
  const [ticks, setTicks] = useState(0);
  useEffect(() => toasts.forEach(toast), [toast, toasts]);
  useEffect(() => {
    if (!tickMs) return undefined;
    const timer = setInterval(() => setTicks((n) => n + 1), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return <p>renders {ticks}</p>;
};

const FAILED = errorToast('Failed to refresh delivery statistics. Please try again.');
const SAVED = successToast('Marketplaces updated successfully.');

afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('stacks a red failure and a green success, each with its own Close button', async () => {
    render(
      <ToastProvider>
        <Raiser toasts={[FAILED, SAVED]} />
      </ToastProvider>,
    );
    const failure = await screen.findByRole('alert');
    const success = await screen.findByRole('status');
    expect(failure.textContent).toContain(FAILED.message);
    expect(success.textContent).toContain(SAVED.message);
    expect(backgroundHue(failure)).toBe('red');
    expect(backgroundHue(success)).toBe('green');
    fireEvent.click(within(failure).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('status').textContent).toContain(SAVED.message);
  });

  it('closes a toast after its 7 s however often the screen re-renders meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <ToastProvider>
        <Raiser toasts={[SAVED]} tickMs={250} />
      </ToastProvider>,
    );
    await screen.findByRole('status');
    // Half a second at a time, so React renders (and the exit starts) between steps.
    const wait = async (ms: number) => {
      for (let t = 0; t < ms; t += 500) await act(() => vi.advanceTimersByTimeAsync(500));
    };
    await wait(6500);
    expect(screen.getByRole('status').textContent).toContain(SAVED.message);
    await wait(2000);
    // Checked at once: waiting would let the clock run on.
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText(/^renders \d{2,}$/)).toBeTruthy();
  });
});
