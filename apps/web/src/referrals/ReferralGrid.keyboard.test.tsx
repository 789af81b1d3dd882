import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ALL_REFERRALS_COLUMNS } from '@referrals/shared';
import { renderWith } from '../app/services.testkit';
import type { CellContext, GridRow } from './gridColumns';
import { ReferralGrid } from './ReferralGrid';

const row = (id: number, marketplaceStatus: GridRow['marketplaceStatus']): GridRow => ({
  opportunityId: id,
  opportunityType: 'CIR',
  marketplaceStatus,
  addDate: new Date(Date.now() - 3_600_000).toISOString(),
  state: 'TX',
  city: 'Austin',
  category: 'COMMERCIAL',
  businessLines: [],
  dynamicPrice: 40,
  discountPrice: null,
});

const COLUMNS = ALL_REFERRALS_COLUMNS.filter((c) => ['status', 'category'].includes(c.id));
const PRODUCER: CellContext = {
  privileged: false,
  isAdmin: false,
  showPrices: true,
  showTalkNow: true,
  mobile: false,
  onOpen: vi.fn(),
  onStatus: vi.fn(),
};

const show = (onRowClick?: (r: GridRow) => void) =>
  renderWith(
    <ReferralGrid
      label="Referrals"
      rows={[row(1, 'Available'), row(2, 'Settled')]}
      columns={COLUMNS}
      context={PRODUCER}
      loading={false}
      onRowClick={onRowClick}
    />,
  );
const cellOf = async (id: number, column: number) => {
  await screen.findAllByRole('gridcell');
  const r = document.querySelector(`[role="row"][data-id="${id}"]`) as HTMLElement;
  return within(r).getAllByRole('gridcell')[column] as HTMLElement;
};

describe('referral grid keyboard', () => {
  it('opens a row with Enter or Space on any of its cells', async () => {
    const open = vi.fn();
    show(open);
    fireEvent.keyDown(await cellOf(2, 1), { key: 'Enter' });
    expect(open).toHaveBeenLastCalledWith(expect.objectContaining({ opportunityId: 2 }));
    fireEvent.keyDown(await cellOf(1, 1), { key: ' ' });
    expect(open).toHaveBeenLastCalledWith(expect.objectContaining({ opportunityId: 1 }));
    fireEvent.keyDown(await cellOf(1, 1), { key: 'a' });
    expect(open).toHaveBeenCalledTimes(2);
  });

  it("leaves a button's keys to the button (Claim Now opens the panel itself, once)", async () => {
    const open = vi.fn();
    show(open);
    const claim = within(await cellOf(1, 0)).getByRole('button', { name: 'Claim Now - $40' });
    fireEvent.keyDown(claim, { key: 'Enter' });
    expect(open).not.toHaveBeenCalled();
  });
});
