import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WEEK_DAYS } from '@referrals/shared';
import {
  FORM_TEST_TIMEOUT,
  formRelay,
  openLoaded,
  savedMarketplace,
  switchOf,
} from './formPage.testkit';

const EMAIL = 'desk@lonestar.example';

/** Marketplace 7 delivering by email with one recipient that keeps its own days and times. */
const withOwnRecipient = () =>
  savedMarketplace({
    deliverToApi: false,
    deliverToEmailAddress: true,
    enableIndividualEmailDeliverySettings: true,
    emailRecipients: [EMAIL],
    individualEmailRecipientSettings: [
      {
        id: 70,
        marketplaceId: 7,
        emailAddress: EMAIL,
        mobilePhone: null,
        enableSmsNotification: false,
        notificationSequenceId: 1,
        sameDeliveryDaysAsMarketplace: false,
        acceptReferralsOnMonday: true,
        acceptReferralsOnTuesday: false,
        acceptReferralsOnWednesday: false,
        acceptReferralsOnThursday: false,
        acceptReferralsOnFriday: false,
        acceptReferralsOnSaturday: false,
        acceptReferralsOnSunday: false,
        sameDeliveryTimesAsMarketplace: false,
        referralDeliveryStartTime: '09:00:00',
        referralDeliveryEndTime: '17:00:00',
        referralDeliveryTimezone: 'America/New_York',
      },
    ],
  });

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const ofRecipient = (what: string) => input(`${what} for ${EMAIL}`);
/** A time input's value to the minute (jsdom, like browsers, drops zero seconds). */
const minutes = (el: HTMLInputElement) => el.value.slice(0, 5);
const recipientDays = () => WEEK_DAYS.map((d) => ofRecipient(d.key).checked);

describe("recipient 'same days as marketplace'", { timeout: FORM_TEST_TIMEOUT }, () => {
  it('copies the marketplace days, locks them, and follows later changes of the marketplace', async () => {
    await openLoaded('/admin/marketplaces/7', formRelay(withOwnRecipient()));
    expect(recipientDays()).toEqual([true, false, false, false, false, false, false]);
    expect(ofRecipient('Monday').disabled).toBe(false);

    fireEvent.click(ofRecipient('Same delivery days as marketplace'));
    await waitFor(() => expect(recipientDays()).toEqual(Array(7).fill(true)));
    expect(WEEK_DAYS.every((d) => ofRecipient(d.key).disabled)).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await waitFor(() => expect(ofRecipient('Sunday').checked).toBe(false));
    expect(ofRecipient('Saturday').checked).toBe(true);
  });
});

describe("recipient 'same times as marketplace'", { timeout: FORM_TEST_TIMEOUT }, () => {
  it('copies time, timezone and 24 hours, locks them, and follows later changes', async () => {
    await openLoaded('/admin/marketplaces/7', formRelay(withOwnRecipient()));
    expect([minutes(ofRecipient('Start')), ofRecipient('Start').disabled]).toEqual([
      '09:00',
      false,
    ]);

    fireEvent.click(ofRecipient('Same delivery times as marketplace'));
    await waitFor(() => expect(minutes(ofRecipient('Start'))).toBe('00:00'));
    expect(ofRecipient('End').value).toBe('23:59:59');
    const timezone = screen.getByRole('combobox', { name: `Timezone for ${EMAIL}` });
    expect(timezone.textContent).toMatch(/Central/);
    expect(timezone.getAttribute('aria-disabled')).toBe('true');
    expect([ofRecipient('24 hours').checked, ofRecipient('24 hours').disabled]).toEqual([
      true,
      true,
    ]);
    expect([ofRecipient('Start').disabled, ofRecipient('End').disabled]).toEqual([true, true]);

    fireEvent.click(switchOf('24 hrs/day'));
    fireEvent.change(input('Start'), { target: { value: '08:30:00' } });
    await waitFor(() => expect(minutes(ofRecipient('Start'))).toBe('08:30'));
    expect(ofRecipient('24 hours').checked).toBe(false);
    expect(ofRecipient('Start').disabled).toBe(true);
  });
});
