import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PUBLIC_FEED_COLUMNS } from '@referrals/shared';
import { renderWith } from '../app/services.testkit';
import type { GridRow } from '../referrals/gridColumns';
import { PublicTable } from './PublicTable';

const row = (id: number, city: string): GridRow => ({
  opportunityId: id,
  opportunityType: 'CIR',
  marketplaceStatus: 'Available',
  marketplaceExpirationDate: null,
  addDate: new Date(Date.now() - 3_600_000).toISOString(),
  state: 'TX',
  city,
  category: 'COMMERCIAL',
  businessLines: ['General Liability'],
});
const CONTEXT = {
  privileged: false,
  isAdmin: false,
  showPrices: false,
  showTalkNow: false,
  mobile: false,
};
const ROWS = [row(11, 'Austin'), row(12, 'Waco')];

describe('the public feed table', () => {
  it('is a grid of the public columns with one row per referral, keyed by data-id', async () => {
    const { container } = renderWith(
      <PublicTable
        label="Feed"
        rows={ROWS}
        columns={PUBLIC_FEED_COLUMNS}
        context={CONTEXT}
        loading={false}
        onRowClick={() => undefined}
      />,
    );
    const grid = await screen.findByRole('grid', { name: 'Feed' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(PUBLIC_FEED_COLUMNS.map((c) => c.header || ' '));
    expect(within(grid).getAllByRole('row')).toHaveLength(3);
    expect(container.querySelector('[data-id="12"]')?.textContent).toContain('Waco');
  });

  it('collapses into one stacked column on mobile', async () => {
    renderWith(
      <PublicTable
        label="Feed"
        rows={ROWS}
        columns={PUBLIC_FEED_COLUMNS}
        context={{ ...CONTEXT, mobile: true }}
        loading={false}
        onRowClick={() => undefined}
      />,
    );
    const grid = await screen.findByRole('grid');
    expect(within(grid).getAllByRole('columnheader')).toHaveLength(1);
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(2);
  });

  it('opens the row on click and on Enter on one of its cells', async () => {
    const onRowClick = vi.fn();
    const { container } = renderWith(
      <PublicTable
        label="Feed"
        rows={ROWS}
        columns={PUBLIC_FEED_COLUMNS}
        context={CONTEXT}
        loading={false}
        onRowClick={onRowClick}
      />,
    );
    await screen.findByRole('grid');
    const first = container.querySelector('[data-id="11"]') as HTMLElement;
    fireEvent.click(first);
    // The grid pattern: Enter on any cell of a row opens it.
    const second = container.querySelector('[data-id="12"]') as HTMLElement;
    fireEvent.keyDown(within(second).getAllByRole('gridcell')[1] as HTMLElement, { key: 'Enter' });
    expect(onRowClick.mock.calls.map(([r]) => (r as GridRow).opportunityId)).toEqual([11, 12]);
  });

  it('says so when there is nothing to show', async () => {
    renderWith(
      <PublicTable
        label="Feed"
        rows={[]}
        columns={PUBLIC_FEED_COLUMNS}
        context={CONTEXT}
        loading={false}
        onRowClick={() => undefined}
      />,
    );
    expect(await screen.findByText('No referrals to show.')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
