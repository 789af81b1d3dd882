import * as yup from 'yup';
import { WEEK_DAYS } from '../domain/marketplace.js';
import type { DayFlags, RecipientFormValues } from './formValues.js';

const bool = () => yup.boolean().defined();
const optNum = () => yup.number().nullable().defined();
const optStr = () => yup.string().nullable().defined();

/** True when at least one of the seven day flags is on. */
export const anyDaySelected = (flags: DayFlags): boolean => WEEK_DAYS.some((d) => flags[d.field]);

/** How a recipient is named in 'At least one day must be selected for recipient [id]'. */
export const recipientLabel = (r: Pick<RecipientFormValues, 'id' | 'emailAddress'>): string =>
  r.id === null ? r.emailAddress : String(r.id);

/** The shape of one individual email recipient row; cross-row rules live on the form schema. */
export const recipientFormSchema: yup.ObjectSchema<RecipientFormValues> = yup.object({
  id: optNum(),
  marketplaceId: optNum(),
  emailAddress: yup.string().defined(),
  mobilePhone: optStr(),
  enableSmsNotification: bool(),
  notificationSequenceId: optNum(),
  sameDeliveryDaysAsMarketplace: bool(),
  acceptReferralsOnMonday: bool(),
  acceptReferralsOnTuesday: bool(),
  acceptReferralsOnWednesday: bool(),
  acceptReferralsOnThursday: bool(),
  acceptReferralsOnFriday: bool(),
  acceptReferralsOnSaturday: bool(),
  acceptReferralsOnSunday: bool(),
  sameDeliveryTimesAsMarketplace: bool(),
  deliver24Hours: bool(),
  referralDeliveryStartTime: optStr(),
  referralDeliveryEndTime: optStr(),
  referralDeliveryTimezone: optStr(),
});
