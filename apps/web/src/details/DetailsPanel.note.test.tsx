import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import type { GridRow } from '../referrals/gridColumns';
import { DEFAULT_VIEWPORT_WIDTH, setViewportWidth } from '../testing/viewport.testkit';
import { DetailsPanel } from './DetailsPanel';

const row: GridRow = {
  opportunityId: 7,
  opportunityType: 'CIR',
  marketplaceStatus: 'Available',
  addDate: new Date().toISOString(),
  state: 'TX',
  city: 'Austin',
  category: 'COMMERCIAL',
  businessLines: ['CGLY'],
  estimatedPremium: 5000,
  dynamicPrice: 40,
  discountPrice: null,
};

/** The panel of referral 7 as the relay describes it in `detail`. */
const open = async (detail: Partial<GridRow> = {}) => {
  renderWith(<DetailsPanel referral={row} onClose={() => undefined} />, {
    api: fakeApi({ '/api/referrals/7': { ...row, ...detail } }),
    auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)),
  });
  return screen.findByRole('region', { name: /referral #7/ });
};

afterEach(() => setViewportWidth(DEFAULT_VIEWPORT_WIDTH));

describe("the details panel's prospect note", () => {
  it("shows the prospect's own words, line breaks kept", async () => {
    const panel = await open({
      prospectMessage: 'Need a quote before Friday.\nWe open a second location in March.',
    });
    // The list row opens the panel; the note comes with the full record.
    const note = await within(panel).findByText(/^Need a quote before Friday\./);
    expect(note.textContent).toBe(
      'Need a quote before Friday.\nWe open a second location in March.',
    );
    expect(getComputedStyle(note).whiteSpace).toBe('pre-wrap');
  });

  it('shows no note section when the prospect left none', async () => {
    const panel = await open({ prospectMessage: null, industryDescription: 'Plumbing' });
    // The full record has come (its industry shows), and with it no note.
    await within(panel).findByText(/^Plumbing/);
    expect(within(panel).queryByText(/note/i)).toBeNull();
  });
});

describe("the details panel's width", () => {
  it('is 470 px on a desk', async () => {
    setViewportWidth(1280);
    await open();
    expect(getComputedStyle(screen.getByLabelText('Referral details')).width).toBe('470px');
  });
});
