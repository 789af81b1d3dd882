import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIST_TOASTS, Role } from '@referrals/shared';
import { ApiError } from '../../../api/ApiError';
import { fakeAuth, renderWith, sessionOf } from '../../../app/services.testkit';
import { aMarketplace, asClient, fakeAdminApi } from '../../testing/adminApi.testkit';
import { MarketplacesPage } from './MarketplacesPage';

const AGENCY = {
  fulcrumId: 12,
  name: 'Gulf Coast Agency',
  address: { region: 'Texas', regionCode: 'TX', zipCode: '77001', street: null, city: 'Houston' },
  contact: { name: 'Ann', email: 'ann@gulf.example', phone: null },
};
const alpha = aMarketplace(1, 'Alpha', {
  enabled: true,
  priority: 1,
  agencyId: 12,
  debitPrepaidBalance: true,
});
const bravo = aMarketplace(2, 'Bravo', { enabled: true, priority: 2 });

const fails = () => {
  throw new ApiError(502, 'the upstream service is unavailable');
};

/** The relay of a healthy list; `broken` replaces some answers. */
const relay = (broken: Record<string, unknown> = {}) =>
  fakeAdminApi({
    'GET /api/marketplaces': { seq: 1, priorityVersion: 'p1', items: [alpha, bravo] },
    'POST /api/marketplaces/list-save': { saved: true },
    'GET /api/delivery-stats': { seq: 1, items: [] },
    'GET /api/delivery-errors': { page: 1, totalElements: 0, totalPages: 0, content: [] },
    'GET /api/agencies/12': AGENCY,
    'GET /api/agencies/12/prepaid-balance': { balance: 900 },
    ...broken,
  });

const show = (api: ReturnType<typeof relay>) =>
  renderWith(<MarketplacesPage />, {
    api: asClient(api),
    url: '/admin/marketplaces',
    auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')),
  });

/** The red toast with exactly this text, and its Close button. */
const failureToast = async (message: string) => {
  const toast = await screen.findByRole('alert');
  expect(toast.textContent).toContain(message);
  expect(within(toast).getByRole('button', { name: 'Close' })).toBeTruthy();
  return toast;
};

afterEach(() => vi.useRealTimers());

describe('failure toasts of the marketplaces list', () => {
  it.each([
    ['delivery stats', 'GET /api/delivery-stats', LIST_TOASTS.deliveryStatsFailed.message],
    ['agencies', 'GET /api/agencies/12', LIST_TOASTS.agencyFailed.message],
    [
      'prepaid balances',
      'GET /api/agencies/12/prepaid-balance',
      LIST_TOASTS.prepaidBalanceFailed.message,
    ],
    ['delivery errors', 'GET /api/delivery-errors', LIST_TOASTS.deliveryErrorsFailed.message],
  ])('says so when the %s cannot be read', async (_what, route, message) => {
    show(relay({ [route]: fails }));
    await failureToast(message);
    // One toast for the failure, not one per marketplace or per render.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says so when refreshing the delivery stats fails', async () => {
    let reads = 0;
    show(
      relay({
        'GET /api/delivery-stats': () => {
          if (reads++ > 0) fails();
          return { seq: 1, items: [] };
        },
      }),
    );
    await screen.findByRole('link', { name: 'Alpha' });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh delivery statistics' }));
    await failureToast(LIST_TOASTS.refreshStatsFailed.message);
  });

  it('raises only the refresh’s toast when it fails, and keeps the figures shown', async () => {
    const failed = { marketplaceId: 1, lastReferralDeliverySuccess: false };
    let reads = 0;
    show(
      relay({
        'GET /api/delivery-stats': () => {
          if (reads++ > 0) fails();
          return { seq: 1, items: [failed] };
        },
      }),
    );
    const row = await screen.findByTestId('marketplace-row-1');
    await within(row).findByText('Delivery Error');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh delivery statistics' }));
    await failureToast(LIST_TOASTS.refreshStatsFailed.message);
    // The failed read went through the query the load reads: its toast is not raised too.
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(reads).toBe(2);
    expect(within(row).getByText('Delivery Error')).toBeTruthy();
  });

  it('shows the figures a refresh read, through the cache the load fills', async () => {
    let reads = 0;
    show(
      relay({
        'GET /api/delivery-stats': () =>
          reads++ > 0
            ? { seq: 2, items: [{ marketplaceId: 1, lastReferralDeliverySuccess: false }] }
            : { seq: 1, items: [] },
      }),
    );
    const row = await screen.findByTestId('marketplace-row-1');
    expect(within(row).queryByText('Delivery Error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh delivery statistics' }));
    await within(row).findByText('Delivery Error');
    expect(reads).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when saving fails', async () => {
    show(relay({ 'POST /api/marketplaces/list-save': fails }));
    await screen.findByRole('link', { name: 'Alpha' });
    fireEvent.click(screen.getByRole('switch', { name: 'Enabled Alpha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Updates' }));
    await failureToast(LIST_TOASTS.saveFailed.message);
  });
});

describe('toast duration', () => {
  it('closes the success toast after 7 s although the admin keeps editing the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    show(relay());
    await screen.findByRole('link', { name: 'Alpha' });
    // Disabled rows stay on screen, so Bravo's switch can be flipped back and forth.
    fireEvent.click(screen.getByRole('switch', { name: 'Show Disabled Marketplaces' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Enabled Alpha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Updates' }));
    await screen.findByText(LIST_TOASTS.saved.message);

    // Every half second the page re-renders: the admin flips Bravo on and off.
    for (let i = 0; i < 13; i++) {
      fireEvent.click(screen.getByRole('switch', { name: 'Enabled Bravo' }));
      await act(() => vi.advanceTimersByTimeAsync(500));
    }
    expect(screen.getByText(LIST_TOASTS.saved.message)).toBeTruthy();
    for (let i = 0; i < 4; i++) {
      fireEvent.click(screen.getByRole('switch', { name: 'Enabled Bravo' }));
      await act(() => vi.advanceTimersByTimeAsync(500));
    }
    // 8.5 s after it showed, still mid-typing: gone (no waiting, which would let the clock run on).
    expect(screen.queryByText(LIST_TOASTS.saved.message)).toBeNull();
  });
});
