import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ActionOpportunity } from '@referrals/shared';
import { ActionArea } from './ActionArea';

const available: ActionOpportunity = {
  marketplaceStatus: 'Available',
  opportunityType: 'CIR',
  dynamicPrice: 40,
  discountPrice: 50,
  soldPrice: null,
  email: null,
  phone: null,
  lastModDate: null,
  assignedAgency: null,
};

describe('details panel action area', () => {
  it('gives a producer Claim Now with the price and the decayed price struck through', () => {
    render(<ActionArea referral={available} privileged={false} busy={false} onClaim={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Claim Now - $40' })).toBeTruthy();
    expect(screen.getByText('was $50').tagName).toBe('S');
  });

  it('asks for confirmation with the price, and claims once on Confirm', async () => {
    const onClaim = vi.fn();
    render(<ActionArea referral={available} privileged={false} busy={false} onClaim={onClaim} />);
    fireEvent.click(screen.getByRole('button', { name: 'Claim Now - $40' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your claim' });
    expect(within(dialog).getByText('Claim this referral for $40?')).toBeTruthy();
    expect(within(dialog).getByText('was $50').tagName).toBe('S');
    expect(onClaim).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onClaim).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('claims nothing on Cancel, which has the focus', async () => {
    const onClaim = vi.fn();
    render(
      <ActionArea
        referral={{ ...available, discountPrice: null }}
        privileged={false}
        busy={false}
        onClaim={onClaim}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Claim Now - $40' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your claim' });
    expect(within(dialog).queryByText(/^was /)).toBeNull();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onClaim).not.toHaveBeenCalled();
  });

  it('gives a direct-call referral Talk Now with its price, confirmed before it claims', async () => {
    const onClaim = vi.fn();
    render(
      <ActionArea
        referral={{ ...available, opportunityType: 'WT-CIR' }}
        privileged={false}
        busy={false}
        onClaim={onClaim}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Talk Now ($50)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your claim' });
    expect(
      within(dialog).getByText('Claim this direct-call referral for $50 and talk now?'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onClaim).toHaveBeenCalledTimes(1);
  });

  it('gives carriers and admins a status line with prices and no button', () => {
    render(<ActionArea referral={available} privileged busy={false} onClaim={() => undefined} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(/Available \(\$40\)/)).toBeTruthy();
  });

  it('disables the status button of a referral someone else claimed', () => {
    render(
      <ActionArea
        referral={{ ...available, marketplaceStatus: 'Claimed' }}
        privileged={false}
        busy={false}
        onClaim={() => undefined}
      />,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Claimed' }).disabled).toBe(true);
  });

  it('shows the full-contact line of a referral the agency bought today', () => {
    const bought = {
      ...available,
      marketplaceStatus: 'Claimed',
      soldPrice: 45,
      email: 'a@b.test',
      lastModDate: new Date().toISOString(),
      assignedAgency: 'Lone Star Insurance Group',
    } as const;
    render(
      <ActionArea referral={bought} privileged={false} busy={false} onClaim={() => undefined} />,
    );
    expect(screen.getByText('Claimed ($45)')).toBeTruthy();
    expect(screen.getByText(/^Claimed Today at /)).toBeTruthy();
    expect(screen.getByText('Lone Star Insurance Group')).toBeTruthy();
  });

  it('keeps the claim button disabled while a claim is on its way', () => {
    render(<ActionArea referral={available} privileged={false} busy onClaim={() => undefined} />);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Claim Now - $40' }).disabled,
    ).toBe(true);
  });
});
