import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORM_TOASTS } from '@referrals/shared';
import { ApiError } from '../../../api/ApiError';
import {
  AGENCY,
  FORM_TEST_TIMEOUT,
  formRelay,
  numberBox,
  openForm,
  openLoaded,
  PURCHASER,
  saveButton,
  savedMarketplace,
  textbox,
} from './formPage.testkit';

const fails = () => {
  throw new ApiError(502, 'the upstream service is unavailable');
};
const YEAR = new Date().getFullYear();

/** The red toast with this text, with its Close button. */
const failureToast = async (message: string) => {
  const toast = (await screen.findByText(message)).closest('[role="alert"]');
  expect(toast).not.toBeNull();
  expect(within(toast as HTMLElement).getByRole('button', { name: 'Close' })).toBeTruthy();
};

/** Lets the 1 s lookup debounce run out. */
const lookup = () => act(() => vi.advanceTimersByTimeAsync(1100));

afterEach(() => vi.useRealTimers());

describe('failure toasts of the marketplace form', { timeout: FORM_TEST_TIMEOUT }, () => {
  it.each([
    ['sources', 'GET /api/sources'],
    ['bank holidays', `GET /api/bank-holidays/${YEAR}`],
  ])('says so when the %s cannot be preloaded', async (_what, route) => {
    openForm('/admin/marketplaces/7', formRelay(savedMarketplace(), { [route]: fails }));
    await failureToast(FORM_TOASTS.preloadFailed.message);
  });

  it('says so when the marketplace cannot be read', async () => {
    openForm(
      '/admin/marketplaces/7',
      formRelay(savedMarketplace(), { 'GET /api/marketplaces/7': fails }),
    );
    await failureToast(FORM_TOASTS.marketplaceLoadFailed(7).message);
  });

  it("says so when the agency's users cannot be read", async () => {
    openForm(
      '/admin/marketplaces/7',
      formRelay(savedMarketplace({ agencyId: 12 }), { 'GET /api/agencies/12/users': fails }),
    );
    await failureToast(FORM_TOASTS.agencyUsersFailed(12).message);
  });

  it('says so when the NAICS codes cannot be read', async () => {
    openForm(
      '/admin/marketplaces/new',
      formRelay(savedMarketplace(), { 'GET /api/naics-codes': fails }),
    );
    await failureToast(FORM_TOASTS.naicsFailed.message);
  });

  it('says so when a typed agency id cannot be looked up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openLoaded(
      '/admin/marketplaces/new',
      formRelay(savedMarketplace(), { 'GET /api/agencies/12': fails }),
    );
    fireEvent.change(numberBox('Agency ID'), { target: { value: '12' } });
    await lookup();
    await failureToast(FORM_TOASTS.agencyFailed(12).message);
  });

  it('says so when a typed default purchaser cannot be looked up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openLoaded(
      '/admin/marketplaces/new',
      formRelay(savedMarketplace(), { 'GET /api/users': fails }),
    );
    fireEvent.change(numberBox('Agency ID'), { target: { value: String(AGENCY.fulcrumId) } });
    await lookup();
    fireEvent.change(
      await screen.findByRole('textbox', { name: /Default Purchasing Agent Email/ }),
      { target: { value: PURCHASER.emailAddress } },
    );
    await lookup();
    await failureToast(FORM_TOASTS.purchaserFailed(PURCHASER.emailAddress).message);
  });

  it('says so when a new marketplace cannot be created, and lets the admin try again', async () => {
    await openLoaded(
      '/admin/marketplaces/new',
      formRelay(savedMarketplace(), { 'POST /api/marketplaces': fails }),
    );
    fireEvent.change(textbox(/Marketplace Name/), { target: { value: 'Brand New' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'web' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Texas' }));
    fireEvent.change(textbox('URL'), { target: { value: 'https://api.example.com/x' } });
    fireEvent.change(textbox('API key'), { target: { value: 'k' } });
    await vi.waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    fireEvent.click(saveButton());
    await failureToast(FORM_TOASTS.createFailed('Brand New').message);
    expect(textbox(/Marketplace Name/)).toHaveProperty('disabled', false);
    expect(saveButton()).toHaveProperty('disabled', false);
  });
});
