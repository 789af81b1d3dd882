import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FORM_TEST_TIMEOUT,
  formRelay,
  numberBox,
  openLoaded,
  savedMarketplace,
  switchOf,
  textbox,
} from './formPage.testkit';

const DESK = 'desk@harbor.example';
/** A user of agency 31 whose mobile phone is verified: recipients with that email get it. */
const DESK_USER = {
  emailAddress: DESK,
  mobilePhone: '+15125550199',
  mobilePhoneVerified: true,
  firstName: 'Dee',
  lastName: 'Desk',
  agencyName: 'Harbor Agency',
  city: 'Galveston',
  state: 'TX',
};
const HARBOR = {
  fulcrumId: 31,
  name: 'Harbor Agency',
  address: { region: 'Texas', regionCode: 'TX', zipCode: '77550', street: null, city: 'Galveston' },
  contact: { name: 'Dee', email: DESK, phone: '+14095550100' },
};
const HARBOR_ROUTES = {
  'GET /api/agencies/31': HARBOR,
  'GET /api/agencies/31/users': [DESK_USER],
};

const typeAgency = async (id: string) => {
  fireEvent.change(numberBox('Agency ID'), { target: { value: id } });
  await act(() => vi.advanceTimersByTimeAsync(1100));
};
/** Email delivery with individual recipient settings (API delivery off, which locks them). */
const deliverByEmailTo = (recipients: string) => {
  fireEvent.click(switchOf('API Delivery'));
  fireEvent.click(switchOf('Email Delivery'));
  fireEvent.change(textbox('Email recipients (comma-separated)'), {
    target: { value: recipients },
  });
  fireEvent.click(switchOf('Individual Email Delivery Settings'));
};
const smsOf = (email: string) => screen.getByRole('switch', { name: `SMS for ${email}` });

afterEach(() => vi.useRealTimers());

describe('agency users of a typed agency id', { timeout: FORM_TEST_TIMEOUT }, () => {
  it("loads on a new marketplace, so a recipient gets the user's verified mobile phone and SMS", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = await openLoaded(
      '/admin/marketplaces/new',
      formRelay(savedMarketplace(), HARBOR_ROUTES),
    );
    await typeAgency('31');
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/api/agencies/31/users'));

    deliverByEmailTo(DESK);
    expect(await screen.findByText('+15125550199')).toBeTruthy();
    expect(smsOf(DESK)).toHaveProperty('disabled', false);
  });

  it('loads after the id of a saved marketplace changes, filling recipients already listed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = await openLoaded(
      '/admin/marketplaces/7',
      formRelay(savedMarketplace({ agencyId: null }), HARBOR_ROUTES),
    );
    deliverByEmailTo(DESK);
    expect(await screen.findByRole('switch', { name: `SMS for ${DESK}` })).toHaveProperty(
      'disabled',
      true,
    );

    await typeAgency('31');
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/api/agencies/31/users'));
    expect(await screen.findByText('+15125550199')).toBeTruthy();
    expect(smsOf(DESK)).toHaveProperty('disabled', false);
  });
});
