import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { ApiError } from '../api/ApiError';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import type { GridRow } from '../referrals/gridColumns';
import { DetailsPanel } from './DetailsPanel';

const row: GridRow = {
  opportunityId: 7,
  opportunityType: 'CIR',
  marketplaceStatus: 'Available',
  addDate: new Date().toISOString(),
  state: 'TX',
  city: 'Austin',
  category: 'COMMERCIAL',
  businessLines: [],
  dynamicPrice: 40,
  discountPrice: null,
};

/** Claim Now, then Confirm in the confirmation dialog. */
const claimConfirmed = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Claim Now - $40' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm your claim' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
};

describe('DetailsPanel', () => {
  it('claims only once the price is confirmed', async () => {
    const api = fakeApi({ '/api/referrals/7': row });
    renderWith(<DetailsPanel referral={row} onClose={() => undefined} />, {
      api,
      auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Claim Now - $40' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your claim' });
    expect(within(dialog).getByText('Claim this referral for $40?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm your claim' })).toBeNull(),
    );
    expect(api.post).not.toHaveBeenCalled();
  });

  it('says plainly that someone else won when the claim loses (409), and shows it Claimed', async () => {
    const taken = { ...row, marketplaceStatus: 'Claimed' };
    const api = fakeApi({ '/api/referrals/7': row });
    api.post.mockImplementation(() => {
      api.get.mockImplementation(() => Promise.resolve(taken));
      return Promise.reject(new ApiError(409, 'This referral is no longer available.'));
    });
    renderWith(<DetailsPanel referral={row} onClose={() => undefined} />, {
      api,
      auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)),
    });
    await claimConfirmed();
    expect(await screen.findByText('Someone else claimed this referral first.')).toBeTruthy();
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.post).toHaveBeenCalledWith('/api/referrals/7/claim');
    const status = await screen.findByRole<HTMLButtonElement>('button', { name: 'Claimed' });
    expect(status.disabled).toBe(true);
  });

  it('shows the claimed referral with its contact details at once after a won claim', async () => {
    const api = fakeApi({ '/api/referrals/7': row });
    api.post.mockImplementation(() =>
      Promise.resolve({
        ...row,
        marketplaceStatus: 'Claimed',
        soldPrice: 40,
        phone: '5125550100',
        firstName: 'Ann',
        lastName: 'Lee',
        lastModDate: new Date().toISOString(),
        assignedAgency: 'Lone Star',
      }),
    );
    renderWith(<DetailsPanel referral={row} onClose={() => undefined} />, {
      api,
      auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)),
    });
    await claimConfirmed();
    expect(await screen.findByText('Claimed ($40)')).toBeTruthy();
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    expect(screen.getByRole('region').getAttribute('data-layout')).toBe('full');
  });
});
