import { WEEK_DAYS } from '../domain/marketplace.js';
import { PaymentOption } from '../domain/marketplace.js';
import type { AgencyUser } from '../schemas/admin.js';
import { FULL_DAY } from './constants.js';
import type { MarketplaceFormValues, RecipientFormValues } from './formValues.js';

/**
 * Choosing a payment option. Debit prepaid forces email delivery on and, on an existing
 * marketplace, individual email settings on as well (section 4).
 */
export const applyPaymentOption = (
  values: MarketplaceFormValues,
  option: PaymentOption,
  existing: boolean,
): MarketplaceFormValues => {
  if (option !== PaymentOption.DEBIT_PREPAID_BALANCE) return { ...values, paymentOption: option };
  return {
    ...values,
    paymentOption: option,
    deliverToEmailAddress: true,
    enableIndividualEmailDeliverySettings: existing || values.enableIndividualEmailDeliverySettings,
  };
};

/**
 * Switching API delivery. On: individual email settings go off (and their switch is disabled, see
 * `individualSettingsLocked`). Off: they return to `stored`, the value last loaded or chosen.
 */
export const applyDeliverToApi = (
  values: MarketplaceFormValues,
  on: boolean,
  stored: boolean,
): MarketplaceFormValues => ({
  ...values,
  deliverToApi: on,
  enableIndividualEmailDeliverySettings: on ? false : stored,
});

/** The individual email settings switch is disabled while API delivery is on. */
export const individualSettingsLocked = (values: Pick<MarketplaceFormValues, 'deliverToApi'>) =>
  values.deliverToApi;

interface DeliveryWindow {
  deliver24Hours: boolean;
  referralDeliveryStartTime: string | null;
  referralDeliveryEndTime: string | null;
}

/**
 * Switching 24-hour delivery (marketplace or recipient). On sets 00:00:00-23:59:59 and the time
 * inputs are disabled; off keeps the times and enables the inputs again.
 */
export const apply24Hours = <T extends DeliveryWindow>(window: T, on: boolean): T =>
  on
    ? {
        ...window,
        deliver24Hours: true,
        referralDeliveryStartTime: FULL_DAY.start,
        referralDeliveryEndTime: FULL_DAY.end,
      }
    : { ...window, deliver24Hours: false };

/** The recipient with the marketplace's days and/or times copied where it follows them. */
export const syncRecipient = (
  r: RecipientFormValues,
  m: MarketplaceFormValues,
): RecipientFormValues => {
  const out = { ...r };
  if (r.sameDeliveryDaysAsMarketplace) {
    for (const d of WEEK_DAYS) out[d.field] = m[d.field];
  }
  if (r.sameDeliveryTimesAsMarketplace) {
    out.referralDeliveryStartTime = m.referralDeliveryStartTime;
    out.referralDeliveryEndTime = m.referralDeliveryEndTime;
    out.referralDeliveryTimezone = m.referralDeliveryTimezone;
    out.deliver24Hours = m.deliver24Hours;
  }
  return out;
};

/** Every recipient refreshed from the marketplace values (run after any marketplace change). */
export const syncRecipients = (values: MarketplaceFormValues): MarketplaceFormValues => ({
  ...values,
  individualEmailRecipientSettings: values.individualEmailRecipientSettings.map((r) =>
    syncRecipient(r, values),
  ),
});

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The individual settings table for a list of recipient emails: a row per email, in list order,
 * reusing the existing row of that email (compared case-insensitively). A new row follows the
 * marketplace's days and times. The mobile phone comes from a verified agency user with the same
 * email, when there is one.
 */
export const recipientRows = (
  emails: readonly string[],
  values: MarketplaceFormValues,
  agencyUsers: readonly AgencyUser[],
): RecipientFormValues[] =>
  emails.map((email) => {
    const existing = values.individualEmailRecipientSettings.find((r) =>
      sameEmail(r.emailAddress, email),
    );
    const row: RecipientFormValues = existing ?? {
      id: null,
      marketplaceId: values.id,
      emailAddress: email,
      mobilePhone: null,
      enableSmsNotification: false,
      notificationSequenceId: null,
      sameDeliveryDaysAsMarketplace: true,
      acceptReferralsOnMonday: false,
      acceptReferralsOnTuesday: false,
      acceptReferralsOnWednesday: false,
      acceptReferralsOnThursday: false,
      acceptReferralsOnFriday: false,
      acceptReferralsOnSaturday: false,
      acceptReferralsOnSunday: false,
      sameDeliveryTimesAsMarketplace: true,
      deliver24Hours: false,
      referralDeliveryStartTime: null,
      referralDeliveryEndTime: null,
      referralDeliveryTimezone: null,
    };
    const user = agencyUsers.find((u) => u.mobilePhoneVerified && sameEmail(u.emailAddress, email));
    const mobilePhone = user?.mobilePhone ?? row.mobilePhone;
    return syncRecipient({ ...row, mobilePhone }, values);
  });
