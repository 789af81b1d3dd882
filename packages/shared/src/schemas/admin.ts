import * as yup from 'yup';

const str = () => yup.string().nullable().defined().default(null);
const num = () => yup.number().nullable().defined().default(null);

export const agencySchema = yup.object({
  fulcrumId: yup.number().integer().required(),
  name: yup.string().required(),
  address: yup
    .object({ region: str(), regionCode: str(), zipCode: str(), street: str(), city: str() })
    .defined(),
  contact: yup.object({ name: str(), email: str(), phone: str() }).defined(),
});
/** An agency (marketplace-admin section 3). */
export type Agency = yup.InferType<typeof agencySchema>;

export const agencyUserSchema = yup.object({
  username: str(),
  emailAddress: yup.string().required(),
  mobilePhone: str(),
  mobilePhoneVerified: yup.boolean().defined().default(false),
  firstName: str(),
  lastName: str(),
  agencyId: num(),
  agencyName: str(),
  agencyAddress: str(),
  city: str(),
  state: str(),
});
/** A user of an agency, as the agency-user service returns it. */
export type AgencyUser = yup.InferType<typeof agencyUserSchema>;

export const agencyUsersPageSchema = yup.object({
  content: yup.array(agencyUserSchema).defined(),
  totalPages: yup.number().integer().min(0).required(),
});

/** A console user (agent-console section 3, GET /api/v3/user). */
export const consoleUserSchema = yup.object({
  username: yup.string().required(),
  firstName: str(),
  lastName: str(),
  agencyName: str(),
  city: str(),
  state: str(),
});
export type ConsoleUser = yup.InferType<typeof consoleUserSchema>;

export const deliveryStatSchema = yup.object({
  marketplaceId: yup.number().integer().required(),
  lastReferralDeliverySuccess: yup.boolean().nullable().defined().default(null),
  lastReferralDeliveryDate: str(),
  totalReferralsDeliveredToday: yup.number().integer().min(0).defined().default(0),
});
/** Delivery statistics of one marketplace. */
export type DeliveryStat = yup.InferType<typeof deliveryStatSchema>;

export const deliveryErrorSchema = yup.object({
  opportunityId: yup.number().integer().required(),
  errorMarketplaceName: str(),
  errorNotes: str(),
  errorDate: str(),
  currentMarketplaceName: str(),
  currentMarketplaceStatus: str(),
});
/** One failed delivery. */
export type DeliveryError = yup.InferType<typeof deliveryErrorSchema>;

export const deliveryErrorsPageSchema = yup.object({
  content: yup.array(deliveryErrorSchema).defined(),
  totalElements: yup.number().integer().min(0).required(),
  totalPages: yup.number().integer().min(0).required(),
});

export const naicsCodeSchema = yup.object({
  code: yup
    .string()
    .matches(/^\d{6}$/)
    .required(),
  description: str(),
});
/** A six-digit NAICS industry code. */
export type NaicsCode = yup.InferType<typeof naicsCodeSchema>;

export const bankHolidaySchema = yup.object({
  description: yup.string().required(),
  date: yup.string().required(),
  propertiesKey: str(),
});
/** A bank holiday (for the delivery-days tooltip). */
export type BankHoliday = yup.InferType<typeof bankHolidaySchema>;

export const featureFlagSchema = yup.object({
  id: yup.number().integer().required(),
  name: yup.string().required(),
  description: yup.string().defined().default(''),
  enabled: yup.boolean().required(),
});
/** An on/off switch of the product. */
export type FeatureFlag = yup.InferType<typeof featureFlagSchema>;
