import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role, type DeliveryError } from '@referrals/shared';
import type { QueryParams } from '../../../api/apiClient';
import { fakeAuth, renderWith, sessionOf } from '../../../app/services.testkit';
import { asClient, fakeAdminApi } from '../../testing/adminApi.testkit';
import { DeliveryErrorsTable } from './DeliveryErrorsTable';

const anError = (n: number): DeliveryError => ({
  opportunityId: 1000 + n,
  errorMarketplaceName: `Market ${n}`,
  errorNotes: `timeout ${n}`,
  errorDate: '2026-03-02T15:04:00Z',
  currentMarketplaceName: 'Fallback',
  currentMarketplaceStatus: 'Delivered',
});

/** A relay holding `total` delivery errors, five a page (1-based, as the relay pages them). */
const relayOf = (total: number) => {
  const all = Array.from({ length: total }, (_, i) => anError(i + 1));
  return fakeAdminApi({
    'GET /api/delivery-errors': ({ params }: { params?: QueryParams }) => {
      const page = Number(params?.page);
      const size = Number(params?.size);
      return {
        page,
        totalElements: total,
        totalPages: Math.ceil(total / size),
        content: all.slice((page - 1) * size, page * size),
      };
    },
  });
};

const show = (total: number) => {
  const api = relayOf(total);
  renderWith(<DeliveryErrorsTable />, {
    api: asClient(api),
    auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')),
  });
  return api;
};

const button = (name: 'Previous' | 'Next') =>
  screen.getByRole<HTMLButtonElement>('button', { name });
const section = () => screen.getByRole('region', { name: 'Marketplace Delivery Errors' });

describe('delivery errors pager', () => {
  it('pages five at a time with Page X of Y, Previous and Next disabled at the ends', async () => {
    const api = show(12);
    expect(await screen.findByText('Market 1')).toBeTruthy();
    expect(within(section()).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(section()).getByText('Showing 1 to 5 of 12 results')).toBeTruthy();
    expect([button('Previous').disabled, button('Next').disabled]).toEqual([true, false]);

    fireEvent.click(button('Next'));
    expect(await screen.findByText('Market 6')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect([button('Previous').disabled, button('Next').disabled]).toEqual([false, false]);

    fireEvent.click(button('Next'));
    expect(await screen.findByText('Market 11')).toBeTruthy();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByText('Showing 11 to 12 of 12 results')).toBeTruthy();
    expect([button('Previous').disabled, button('Next').disabled]).toEqual([false, true]);

    fireEvent.click(button('Previous'));
    expect(await screen.findByText('Market 6')).toBeTruthy();
    expect(api.get.mock.calls.map(([, params]) => params)).toEqual([
      { page: 1, size: 5 },
      { page: 2, size: 5 },
      { page: 3, size: 5 },
      { page: 2, size: 5 },
    ]);
  });

  it('says there are none: No results found, No delivery errors found, nowhere to page', async () => {
    show(0);
    expect(await screen.findByText('No delivery errors found')).toBeTruthy();
    expect(screen.getByText('No results found')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect([button('Previous').disabled, button('Next').disabled]).toEqual([true, true]);
  });
});
