import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@referrals/shared';
import { AcquiredPage } from '../../acquired/AcquiredPage';
import { bought } from '../../acquired/acquired.testkit';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../../app/services.testkit';
import { groundTint } from '../../testing/tint.testkit';
import type { GridRow } from '../gridColumns';
import { ReferralListPage } from '../ReferralListPage';

// Noon on 21 November 2026 in Chicago, the viewer's zone: dates below read as a Chicago desk
// reads them (New York, the shared rules' fallback zone, would put 11:30 PM on another day).
const NOW = new Date('2026-11-21T18:00:00Z');
const ZONE = 'America/Chicago';
// The viewer's zone is what the browser's formatters resolve to; this file's browser is in Chicago.
const chicago = new Intl.DateTimeFormat('en-US', { timeZone: ZONE }).resolvedOptions();
const inChicago = vi
  .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
  .mockReturnValue(chicago);
afterAll(() => inChicago.mockRestore());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;

const referral = (id: number, addDate: string): GridRow => ({
  opportunityId: id,
  opportunityType: 'CIR',
  marketplaceStatus: 'Claimed',
  addDate,
  state: 'TX',
  city: 'Austin',
  category: 'COMMERCIAL',
  businessLines: ['CGLY'],
});

/** The cell of row `id` under the header `column`. */
const cellUnder = (column: string, id: number): HTMLElement => {
  const index = screen
    .getAllByRole('columnheader')
    .findIndex((h) => h.textContent?.trim() === column);
  const row = document.querySelector(`[role="row"][data-id="${id}"]`) as HTMLElement;
  return within(row).getAllByRole('gridcell')[index] as HTMLElement;
};

describe('the Received cell of the referral list', () => {
  const show = async (rows: GridRow[]) => {
    renderWith(<ReferralListPage variant="all" />, {
      api: fakeApi({ '/api/referrals': { seq: 1, content: rows, totalElements: rows.length } }),
      auth: fakeAuth(sessionOf(Role.CONSOLE_CARRIER)),
      url: '/admin/all-referrals?state=TX',
    });
    await screen.findAllByRole('gridcell');
  };

  it('shows a green New badge under 5 minutes, and the time-ago from 5 minutes on', async () => {
    await show([
      referral(1, ago(2 * MINUTE)),
      referral(2, ago(5 * MINUTE - 1000)),
      referral(3, ago(5 * MINUTE)),
    ]);
    for (const id of [1, 2]) {
      const badge = within(cellUnder('Received', id)).getByText('New');
      expect(groundTint(badge)).toBe('green');
    }
    expect(cellUnder('Received', 3).textContent).toBe('5 minutes ago');
  });

  it("shows the time-ago on the day's rows and the short date on older ones, the other in its tooltip", async () => {
    await show([
      // 9:50 AM today in Chicago.
      referral(4, '2026-11-21T15:50:00Z'),
      // 9:30 AM on 19 November.
      referral(5, '2026-11-19T15:30:00Z'),
      // 11:30 PM on 20 November in Chicago (already the 21st in New York).
      referral(6, '2026-11-21T05:30:00Z'),
    ]);
    const text = (id: number) => cellUnder('Received', id).textContent;
    const tooltip = (id: number) =>
      cellUnder('Received', id).querySelector('[title]')?.getAttribute('title');
    expect([text(4), tooltip(4)]).toEqual(['2 hours ago', '11/21/26']);
    expect([text(5), tooltip(5)]).toEqual(['11/19/26', '9:30 AM']);
    expect([text(6), tooltip(6)]).toEqual(['11/20/26', '11:30 PM']);
  });
});

describe('the Acquired cell of Acquired Referrals', () => {
  const show = async (rows: GridRow[]) => {
    renderWith(<AcquiredPage />, {
      api: fakeApi({ '/api/acquired': { seq: 1, content: rows, totalElements: rows.length } }),
      auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)),
      url: '/admin/purchased-referrals',
    });
    await screen.findAllByRole('gridcell');
  };

  it('shows a green Today badge for an acquisition of today, with its time', async () => {
    // Bought at 10:05 AM today; delivered three days before, at another time of day.
    await show([
      bought(7, { addDate: '2026-11-18T22:40:00Z', lastModDate: '2026-11-21T16:05:00Z' }),
    ]);
    const cell = cellUnder('Acquired', 7);
    expect(groundTint(within(cell).getByText('Today'))).toBe('green');
    // A departure (docs/departures.md): the time is the acquisition's (lastModDate), not the delivery's.
    expect(within(cell).getByText('10:05 AM')).toBeTruthy();
    expect(cell.textContent).not.toContain('4:40 PM');
  });

  it('shows the short date and time of an earlier acquisition, and no Today', async () => {
    await show([
      bought(8, { addDate: '2026-11-15T14:00:00Z', lastModDate: '2026-11-18T20:45:00Z' }),
    ]);
    const cell = cellUnder('Acquired', 8);
    expect(within(cell).getByText('11/18/26')).toBeTruthy();
    expect(within(cell).getByText('2:45 PM')).toBeTruthy();
    expect(within(cell).queryByText('Today')).toBeNull();
  });
});
