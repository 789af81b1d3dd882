import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as shared from '@referrals/shared';
import { renderWith } from '../app/services.testkit';
import type { GridRow } from './gridColumns';
import { ReferralGrid } from './ReferralGrid';

// categoryText runs once per row render: its call count shows whether the grid re-rendered rows.
vi.mock('@referrals/shared', async (original) => {
  const actual = await original<typeof shared>();
  return { ...actual, categoryText: vi.fn(actual.categoryText) };
});

const row = (id: number, expiresInMs: number): GridRow => ({
  opportunityId: id,
  opportunityType: 'CIR',
  marketplaceStatus: 'Available',
  marketplaceExpirationDate: new Date(Date.now() + expiresInMs).toISOString(),
  addDate: new Date(Date.now() - 3_600_000).toISOString(),
  state: 'TX',
  city: 'Austin',
  category: 'COMMERCIAL',
  businessLines: [],
});

const COLUMNS = shared.ALL_REFERRALS_COLUMNS.filter((c) =>
  ['limitedTime', 'category'].includes(c.id),
);
const CONTEXT = {
  privileged: false,
  isAdmin: false,
  showPrices: true,
  showTalkNow: true,
  mobile: false,
};

describe('ReferralGrid countdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks the countdown cells each second without re-rendering the rows', async () => {
    // Only the clock is faked (Date and its interval), so React still renders on its own; the
    // test moves time itself and cannot be outrun by a slow machine.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    // 5 minutes and half a second: '6 minutes left' now, '5 minutes left' (red) one tick later.
    const rows = [row(1, 300_500), row(2, 1_830_000)];
    renderWith(
      <ReferralGrid
        label="Referrals"
        rows={rows}
        columns={COLUMNS}
        context={CONTEXT}
        loading={false}
      />,
    );
    expect(await screen.findByText('6 minutes left')).toBeTruthy();
    expect(screen.getByText('31 minutes left')).toBeTruthy();
    const categoryText = vi.mocked(shared.categoryText);
    const rowRenders = categoryText.mock.calls.length;
    expect(rowRenders).toBeGreaterThan(0);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    const critical = await screen.findByText('5 minutes left');
    expect(critical.closest('[data-colour]')?.getAttribute('data-colour')).toBe('red');
    expect(
      screen.getByText('31 minutes left').closest('[data-colour]')?.getAttribute('data-colour'),
    ).toBe('grey');
    expect(categoryText.mock.calls.length).toBe(rowRenders);
  });
});
