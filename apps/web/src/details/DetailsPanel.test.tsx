import { fireEvent, screen } from '@testing-library/react';
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

describe('DetailsPanel', () => {
  it('says a referral is no longer available when the claim loses (409)', async () => {
    const api = fakeApi({ '/api/referrals/7': row });
    api.post.mockImplementation(() =>
      Promise.reject(new ApiError(409, 'This referral is no longer available.')),
    );
    renderWith(<DetailsPanel referral={row} onClose={() => undefined} />, {
      api,
      auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Claim Now - $40' }));
    expect(await screen.findByText('This referral is no longer available.')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/api/referrals/7/claim');
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
    fireEvent.click(await screen.findByRole('button', { name: 'Claim Now - $40' }));
    expect(await screen.findByText('Claimed ($40)')).toBeTruthy();
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    expect(screen.getByRole('region').getAttribute('data-layout')).toBe('full');
  });
});
