import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LazyTooltip } from './LazyTooltip';

const cell = () =>
  render(
    <LazyTooltip title="Commercial Insurance Referral" enterDelay={0}>
      <span>CIR</span>
    </LazyTooltip>,
  );

describe('LazyTooltip', () => {
  it('is no Tooltip until reached, but names its child as the Tooltip would', () => {
    cell();
    const child = screen.getByText('CIR');
    expect(child.getAttribute('aria-label')).toBe('Commercial Insurance Referral');
    // MUI's Tooltip marks the child it clones.
    expect(child.hasAttribute('data-mui-internal-clone-element')).toBe(false);
  });

  it('opens on the first hover, the one that mounted it', async () => {
    cell();
    await userEvent.hover(screen.getByText('CIR'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Commercial Insurance Referral');
    expect(screen.getByText('CIR').hasAttribute('data-mui-internal-clone-element')).toBe(true);
    await userEvent.unhover(screen.getByText('CIR'));
  });

  it('opens on the first keyboard focus inside it, and the focus stays on that control', async () => {
    render(
      <LazyTooltip title="Available" enterDelay={0} describeChild>
        <span>
          <b>$84</b>
          <button type="button">CLAIM</button>
        </span>
      </LazyTooltip>,
    );
    await userEvent.tab();
    // The Tooltip's mount built the span and its button anew; the new button has the focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'CLAIM' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Available');
  });
});
