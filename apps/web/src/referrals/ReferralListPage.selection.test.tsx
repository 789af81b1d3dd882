import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { AcquiredPage } from '../acquired/AcquiredPage';
import { bought } from '../acquired/acquired.testkit';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { groundTint } from '../testing/tint.testkit';
import { listRow } from './listPage.testkit';
import { ReferralListPage } from './ReferralListPage';

const referral = (id: number) => listRow(id, { marketplaceStatus: 'Claimed', soldPrice: 40 });

const rowOf = (id: number) =>
  document.querySelector(`[role="row"][data-id="${id}"]`) as HTMLElement;
/** Clicks a plain cell of row `id` (not its buttons), as a user picks a row. */
const pick = (id: number) =>
  fireEvent.click([...rowOf(id).querySelectorAll('[role="gridcell"]')].at(-1) as HTMLElement);
/** Which rows read as selected, and which are tinted, among `ids`. */
const highlighted = (ids: number[]) =>
  ids.map((id) => [id, rowOf(id).getAttribute('aria-selected'), groundTint(rowOf(id))]);

describe('the selected row of a list (section 2)', () => {
  it('highlights the row a click opened, and moves the highlight to the next one clicked', async () => {
    renderWith(<ReferralListPage variant="all" />, {
      api: fakeApi({
        '/api/referrals': { seq: 1, content: [referral(1), referral(2)], totalElements: 2 },
      }),
      auth: fakeAuth(sessionOf(Role.CONSOLE_CARRIER)),
      url: '/admin/all-referrals?state=TX',
    });
    await screen.findAllByRole('gridcell');
    expect(highlighted([1, 2])).toEqual([
      [1, 'false', null],
      [2, 'false', null],
    ]);
    pick(2);
    await screen.findByRole('region', { name: /referral #2/ });
    expect(highlighted([1, 2])).toEqual([
      [1, 'false', null],
      [2, 'true', 'blue'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /referral #2/ })).toBeNull());
    pick(1);
    await screen.findByRole('region', { name: /referral #1/ });
    expect(highlighted([1, 2])).toEqual([
      [1, 'true', 'blue'],
      [2, 'false', null],
    ]);
  });

  it('highlights the row of Acquired Referrals a click opened', async () => {
    renderWith(<AcquiredPage />, {
      api: fakeApi({
        '/api/acquired': { seq: 1, content: [bought(7), bought(8)], totalElements: 2 },
      }),
      auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)),
      url: '/admin/purchased-referrals',
    });
    await screen.findAllByRole('gridcell');
    pick(8);
    await screen.findByRole('region', { name: /referral #8/ });
    expect(highlighted([7, 8])).toEqual([
      [7, 'false', null],
      [8, 'true', 'blue'],
    ]);
  });
});
