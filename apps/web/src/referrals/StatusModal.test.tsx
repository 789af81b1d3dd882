import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role, type ListReferral, type MarketplaceStatus } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { ReferralListPage } from './ReferralListPage';

const TODAY = new Date();
const referral = (
  id: number,
  marketplaceStatus: MarketplaceStatus,
  more: Partial<ListReferral> = {},
): Partial<ListReferral> => ({
  opportunityId: id,
  opportunityType: 'CIR',
  marketplaceStatus,
  addDate: new Date(Date.now() - 3_600_000).toISOString(),
  lastModDate: TODAY.toISOString(),
  state: 'TX',
  city: 'Austin',
  category: 'COMMERCIAL',
  businessLines: [],
  assignedAgency: 'Lone Star Insurance Group',
  ...more,
});

/** The all-referrals list of a producer showing these rows. */
const listOf = (rows: readonly Partial<ListReferral>[]) => {
  const api = fakeApi({
    '/api/referrals': { seq: 1, content: rows, totalElements: rows.length },
    '/api/referrals/1': rows[0],
  });
  renderWith(<ReferralListPage variant="all" />, {
    api,
    auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)),
    url: '/admin/all-referrals?state=TX',
  });
  return api;
};

describe('status modal of the lists', () => {
  it.each<[MarketplaceStatus, string, Partial<ListReferral>]>([
    ['Claimed', 'Claimed', {}],
    ['Settled', 'Settled', {}],
    ['On Hold', 'On Hold', {}],
    ['Incoming', 'Incoming', {}],
    ['Delivered', 'Delivered', {}],
    ['Assigned', 'Assigned', {}],
    ['Claimed', 'Transferred', { opportunityType: 'WT-CIR' }],
  ])('%s referral: its %s button opens the status line', async (status, label, more) => {
    const api = listOf([referral(1, status, more)]);
    fireEvent.click(await screen.findByRole('button', { name: label }));
    const modal = await screen.findByRole('dialog', { name: 'Referral status' });
    expect(within(modal).getByText(label)).toBeTruthy();
    expect(within(modal).getByText(new RegExp(`^${label} Today at `))).toBeTruthy();
    expect(within(modal).getByText('Lone Star Insurance Group')).toBeTruthy();
    expect(within(modal).getByText(/referral #1$/)).toBeTruthy();
    // The modal, not the details panel: the referral itself is not fetched.
    expect(api.get).not.toHaveBeenCalledWith('/api/referrals/1');

    const close = within(modal).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('leaves out the time and agency when they are unknown', async () => {
    listOf([referral(1, 'On Hold', { lastModDate: null, assignedAgency: null })]);
    fireEvent.click(await screen.findByRole('button', { name: 'On Hold' }));
    const modal = await screen.findByRole('dialog', { name: 'Referral status' });
    expect(within(modal).queryByText(/Today at/)).toBeNull();
    expect(within(modal).queryByText('Lone Star Insurance Group')).toBeNull();
  });

  it('opens the details panel, not the modal, from a Claim Now button', async () => {
    const api = listOf([referral(1, 'Available', { dynamicPrice: 40, discountPrice: null })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Claim Now - $40' }));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/api/referrals/1'));
    expect(await screen.findByRole('region', { name: /referral #1$/ })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Referral status' })).toBeNull();
    expect(api.post).not.toHaveBeenCalled();
  });
});
