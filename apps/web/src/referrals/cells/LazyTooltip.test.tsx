import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LazyTooltip } from './LazyTooltip';

const TITLE = 'Commercial Insurance Referral';

describe('LazyTooltip', () => {
  it('is no Tooltip until reached, but names its child as the Tooltip would', () => {
    render(
      <LazyTooltip title={TITLE}>
        <span>CIR</span>
      </LazyTooltip>,
    );
    expect(screen.getByText('CIR').getAttribute('aria-label')).toBe(TITLE);
    // MUI's Tooltip marks the element it clones: none is mounted yet.
    expect(document.querySelector('[data-mui-internal-clone-element]')).toBeNull();
  });

  it('opens on hover and closes on leaving, the child the same element all along', async () => {
    const clicked = vi.fn();
    render(
      <div onClick={clicked}>
        <LazyTooltip title={TITLE} enterDelay={0}>
          <span>CIR</span>
        </LazyTooltip>
      </div>,
    );
    const child = screen.getByText('CIR');
    await userEvent.hover(child);
    expect((await screen.findByRole('tooltip')).textContent).toBe(TITLE);
    // Nothing under the pointer was built anew: a click on its way lands where it was aimed.
    expect(screen.getByText('CIR')).toBe(child);
    await userEvent.click(child);
    expect(clicked).toHaveBeenCalledTimes(1);
    await userEvent.unhover(child);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('opens on the keyboard’s focus inside it, and the focus stays on that control', async () => {
    render(
      <LazyTooltip title="Available" enterDelay={0} describeChild>
        <span>
          <b>$84</b>
          <button type="button">CLAIM</button>
        </span>
      </LazyTooltip>,
    );
    const button = screen.getByRole('button', { name: 'CLAIM' });
    await userEvent.tab();
    expect(document.activeElement).toBe(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Available');
    fireEvent.blur(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
