import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { listRow } from './listPage.testkit';
import { ReferralListPage } from './ReferralListPage';

const referral = (id: number) => listRow(id, { marketplaceStatus: 'Claimed' });

const show = async (variant: 'all' | 'available') => {
  renderWith(<ReferralListPage variant={variant} />, {
    api: fakeApi({ '/api/referrals': { seq: 1, content: [referral(1)], totalElements: 1 } }),
    auth: fakeAuth(sessionOf(Role.CONSOLE_CARRIER)),
    url: '/admin/all-referrals?state=TX',
  });
  await screen.findAllByRole('gridcell');
};

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

/**
 * The arrow a header shows: 'down' or 'up' while it is drawn, null while hidden or absent. The
 * arrow is a downward arrow, turned half round to point up.
 */
const arrowIn = (h: HTMLElement): 'down' | 'up' | null => {
  const arrow = h.querySelector('svg[data-testid="ArrowDownwardIcon"]');
  if (!arrow) return null;
  const style = getComputedStyle(arrow);
  if (style.opacity === '0' || style.display === 'none' || style.visibility === 'hidden')
    return null;
  return style.transform === 'rotate(180deg)' ? 'up' : 'down';
};
const arrowOf = (name: string) => arrowIn(header(name));
const arrows = (...names: string[]) => names.map((n) => [n, arrowOf(n)]);

describe('the sort arrow of a list (section 2: the sort arrow shows direction)', () => {
  it('points down on the sorted column only, and turns up when the order ascends', async () => {
    // A carrier's list opens on Received, descending.
    await show('all');
    expect(arrows('Received', 'Limited Time')).toEqual([
      ['Received', 'down'],
      ['Limited Time', null],
    ]);
    fireEvent.click(header('Received'));
    await waitFor(() => expect(arrowOf('Received')).toBe('up'));
    expect(arrowOf('Limited Time')).toBeNull();
    // Another column: the arrow moves there (the expiration starts ascending on this list).
    fireEvent.click(header('Limited Time'));
    await waitFor(() =>
      expect(arrows('Received', 'Limited Time')).toEqual([
        ['Received', null],
        ['Limited Time', 'up'],
      ]),
    );
  });

  it('shows no arrow once the sort is dropped', async () => {
    // The available list cycles a new column descending, ascending, then no sort.
    await show('available');
    for (const expected of ['down', 'up', null]) {
      fireEvent.click(header('Est. Premium'));
      await waitFor(() => expect(arrowOf('Est. Premium')).toBe(expected));
    }
    expect(screen.getAllByRole('columnheader').map(arrowIn)).not.toContain('down');
    expect(screen.getAllByRole('columnheader').map(arrowIn)).not.toContain('up');
  });
});
