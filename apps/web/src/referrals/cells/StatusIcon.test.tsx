import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role, type ProgressStatus } from '@referrals/shared';
import { AcquiredPage } from '../../acquired/AcquiredPage';
import { bought } from '../../acquired/acquired.testkit';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../../app/services.testkit';
import { pipelineOf } from '../../pipeline/pipeline.testkit';
import { RecentPage } from '../../recent/RecentPage';
import { groundTint, inkTint } from '../../testing/tint.testkit';
import type { GridRow } from '../gridColumns';
import { listRow } from '../listPage.testkit';
import { ReferralListPage } from '../ReferralListPage';

// Icons are told apart by the Material icon each draws (its test id): CheckCircle a check in a
// circle, Cancel a cross in a circle, PanoramaFishEye a plain ring, Contrast a half-filled circle,
// Timelapse a three-quarter-filled one.

const referral = (id: number, marketplaceStatus: string) =>
  listRow(id, {
    marketplaceStatus: marketplaceStatus as GridRow['marketplaceStatus'],
    soldPrice: 40,
  });

const rowOf = (id: number) =>
  document.querySelector(`[role="row"][data-id="${id}"]`) as HTMLElement;
/** The cell of row `id` under the header `column`. */
const cellUnder = (column: string, id: number): HTMLElement => {
  const index = screen
    .getAllByRole('columnheader')
    .findIndex((h) => h.textContent?.trim() === column);
  return within(rowOf(id)).getAllByRole('gridcell')[index] as HTMLElement;
};
/** The icon a cell draws, by name, and its colour. */
const iconIn = (cell: HTMLElement) => {
  const svg = cell.querySelector('svg[data-testid]');
  return svg && [svg.getAttribute('data-testid'), inkTint(svg)];
};

describe('status icons and colours of the referral list (section 4)', () => {
  const STATUSES = ['Available', 'Claimed', 'Settled', 'Undefined', 'Ineligible', 'Incoming'];
  const showToCarrier = async () => {
    renderWith(<ReferralListPage variant="all" />, {
      api: fakeApi({
        '/api/referrals': {
          seq: 1,
          content: STATUSES.map((s, i) => referral(i + 1, s)),
          totalElements: STATUSES.length,
        },
      }),
      auth: fakeAuth(sessionOf(Role.CONSOLE_CARRIER)),
      url: '/admin/all-referrals?state=TX',
    });
    await screen.findAllByRole('gridcell');
  };
  const statusCell = (status: string) => cellUnder('Status', STATUSES.indexOf(status) + 1);

  it('draws Available a blue check circle, Undefined and Ineligible a cross, Incoming a plain circle, others a grey check circle', async () => {
    await showToCarrier();
    expect(STATUSES.map((s) => [s, iconIn(statusCell(s))])).toEqual([
      ['Available', ['CheckCircleIcon', 'blue']],
      ['Claimed', ['CheckCircleIcon', 'grey']],
      ['Settled', ['CheckCircleIcon', 'grey']],
      ['Undefined', ['CancelIcon', 'grey']],
      ['Ineligible', ['CancelIcon', 'grey']],
      ['Incoming', ['PanoramaFishEyeIcon', 'grey']],
    ]);
  });

  it("writes a carrier's status line in the brand blue for Available only, grey otherwise", async () => {
    await showToCarrier();
    const line = (status: string, text: RegExp) => within(statusCell(status)).getByText(text);
    expect(inkTint(line('Available', /^Available/))).toBe('blue');
    expect(inkTint(line('Claimed', /^Claimed/))).toBe('grey');
    expect(inkTint(line('Settled', /^Settled/))).toBe('grey');
  });
});

describe('status badges of the recent table (section 4)', () => {
  it('colours Settled red, Available to Claim yellow, Claimed Referral green, Ineligible pink, Assigned CCR grey', async () => {
    const statuses = ['Settled', 'Available', 'Claimed', 'Ineligible', 'Assigned'];
    renderWith(<RecentPage />, {
      api: fakeApi({
        '/api/referrals': {
          seq: 1,
          content: statuses.map((s, i) => referral(i + 1, s)),
          totalElements: statuses.length,
        },
      }),
      auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')),
    });
    await screen.findAllByRole('gridcell');
    const badge = (id: number) => {
      const cell = cellUnder('Marketplace Status', id);
      return [cell.textContent, groundTint(cell.querySelector('span') as Element)];
    };
    expect([1, 2, 3, 4, 5].map(badge)).toEqual([
      ['Settled', 'red'],
      ['Available to Claim', 'yellow'],
      ['Claimed Referral', 'green'],
      ['Ineligible', 'pink'],
      ['Assigned CCR', 'grey'],
    ]);
  });
});

describe('progress icons of Acquired Referrals (section 4)', () => {
  it('draws Open a grey circle, In Progress a yellow half circle, Quote Sent a yellow three-quarter circle, Bound green, Unable to Service none', async () => {
    const progress: ProgressStatus[] = [
      'Open',
      'In Progress',
      'Quote Sent',
      'Bound Prospect',
      'Unable to Service',
    ];
    const ids = progress.map((_p, i) => i + 1);
    renderWith(<AcquiredPage />, {
      api: fakeApi({
        '/api/acquired': { seq: 1, content: ids.map((id) => bought(id)), totalElements: 5 },
        '/api/acquired/pipelines': {
          items: progress.map((status, i) => pipelineOf(i + 1, { status })),
        },
      }),
      auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)),
      url: '/admin/purchased-referrals',
    });
    await waitFor(() => expect(cellUnder('Progress', 5).textContent).toBe('Unable to Service'));
    expect(
      ids.map((id) => [cellUnder('Progress', id).textContent, iconIn(cellUnder('Progress', id))]),
    ).toEqual([
      ['Open', ['PanoramaFishEyeIcon', 'grey']],
      ['In Progress', ['ContrastIcon', 'yellow']],
      ['Quote Sent', ['TimelapseIcon', 'yellow']],
      ['Bound', [expect.any(String), 'green']],
      ['Unable to Service', null],
    ]);
  });
});
