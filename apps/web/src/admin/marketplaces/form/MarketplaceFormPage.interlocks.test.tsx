import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Marketplace } from '@referrals/shared';
import {
  formRelay,
  numberBox,
  openLoaded,
  PURCHASER,
  saveButton,
  savedMarketplace,
  switchOf,
  textbox,
  FORM_TEST_TIMEOUT,
} from './formPage.testkit';

/** Marketplace 7 tied to the agency, with its purchaser, delivering by email only. */
const agencyMarketplace = (overrides: Partial<Marketplace> = {}) =>
  savedMarketplace({
    agencyId: 12,
    defaultPurchasingAgentEmailAddress: PURCHASER.emailAddress,
    deliverToApi: false,
    deliverToEmailAddress: false,
    emailRecipients: [PURCHASER.emailAddress],
    ...overrides,
  });

const radio = (name: string) => screen.getByRole('radio', { name });
const checked = (el: HTMLElement) => (el as HTMLInputElement).checked;
const disabled = (el: HTMLElement) => (el as HTMLInputElement).disabled;

afterEach(() => vi.useRealTimers());

describe('payment interlock', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('turns email delivery and individual settings on when an existing marketplace debits prepaid', async () => {
    await openLoaded('/admin/marketplaces/7', formRelay(agencyMarketplace()));
    await waitFor(() => expect(radio('Debit Prepaid Balance')).toBeTruthy());
    expect(checked(switchOf('Email Delivery'))).toBe(false);
    fireEvent.click(radio('Debit Prepaid Balance'));
    await waitFor(() => expect(checked(switchOf('Email Delivery'))).toBe(true));
    expect(checked(switchOf('Individual Email Delivery Settings'))).toBe(true);
  });

  it('turns only email delivery on when a new marketplace debits prepaid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openLoaded('/admin/marketplaces/new');
    fireEvent.change(numberBox('Agency ID'), { target: { value: '12' } });
    await act(() => vi.advanceTimersByTimeAsync(1100));
    fireEvent.click(await screen.findByRole('radio', { name: 'Debit Prepaid Balance' }));
    await waitFor(() => expect(checked(switchOf('Email Delivery'))).toBe(true));
    expect(checked(switchOf('Individual Email Delivery Settings'))).toBe(false);
  });
});

describe('API-delivery interlock', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('switches individual email settings off and disables them, then restores them when API goes off', async () => {
    await openLoaded(
      '/admin/marketplaces/7',
      formRelay(
        agencyMarketplace({
          deliverToEmailAddress: true,
          enableIndividualEmailDeliverySettings: true,
        }),
      ),
    );
    const individual = () => switchOf('Individual Email Delivery Settings');
    expect([checked(individual()), disabled(individual())]).toEqual([true, false]);
    fireEvent.click(switchOf('API Delivery'));
    await waitFor(() => expect(checked(individual())).toBe(false));
    expect(disabled(individual())).toBe(true);
    fireEvent.click(switchOf('API Delivery'));
    await waitFor(() => expect(checked(individual())).toBe(true));
    expect(disabled(individual())).toBe(false);
  });
});

describe('NAICS include/exclude swap', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('swaps the text for its complement and saves the codes back as an excluded list', async () => {
    const api = await openLoaded(
      '/admin/marketplaces/7',
      formRelay(
        savedMarketplace({
          riskAppetite: {
            ...savedMarketplace().riskAppetite,
            acceptCommercialLines: true,
            excludedNaics: ['238220'],
          },
        }),
      ),
    );
    const naics = () => textbox('NAICS codes (6 digits, comma-separated)');
    expect(naics()).toHaveProperty('value', '238220');
    fireEvent.click(radio('Include'));
    await waitFor(() => expect(naics()).toHaveProperty('value', '111110, 541511'));
    fireEvent.click(radio('Exclude'));
    await waitFor(() => expect(naics()).toHaveProperty('value', '238220'));
    fireEvent.click(radio('Include'));
    fireEvent.change(naics(), { target: { value: '111110' } });
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    const body = api.put.mock.calls[0]?.[1] as { marketplace: Marketplace };
    expect(body.marketplace.riskAppetite.excludedNaics).toEqual(['238220', '541511']);
  });
});
