import { Type, type Static } from 'typebox';
import * as yup from 'yup';
import { nullableField, requiredText, upstreamRecord, yupSchemaOf } from './upstreamRecord.js';

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

/** Delivery statistics of one marketplace: the one definition (the relay validates it by the list). */
export const deliveryStatRecord = upstreamRecord(
  Type.Object({
    marketplaceId: Type.Integer(),
    lastReferralDeliverySuccess: nullableField(Type.Boolean()),
    lastReferralDeliveryDate: nullableField(Type.String()),
    totalReferralsDeliveredToday: Type.Integer({ minimum: 0, default: 0 }),
  }),
);
/** Its yup schema (forms, REST checks, casts), derived from `deliveryStatRecord`. */
export const deliveryStatSchema = yupSchemaOf(deliveryStatRecord);
/** Delivery statistics of one marketplace. */
export type DeliveryStat = Static<typeof deliveryStatRecord.schema>;

/** One failed delivery: the one definition (the relay validates it by the page). */
export const deliveryErrorRecord = upstreamRecord(
  Type.Object({
    opportunityId: Type.Integer(),
    errorMarketplaceName: nullableField(Type.String()),
    errorNotes: nullableField(Type.String()),
    errorDate: nullableField(Type.String()),
    currentMarketplaceName: nullableField(Type.String()),
    currentMarketplaceStatus: nullableField(Type.String()),
  }),
);
/** Its yup schema (forms, REST checks, casts), derived from `deliveryErrorRecord`. */
export const deliveryErrorSchema = yupSchemaOf(deliveryErrorRecord);
/** One failed delivery. */
export type DeliveryError = Static<typeof deliveryErrorRecord.schema>;

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

/** An on/off switch of the product: the one definition (the relay validates it by the list). */
export const featureFlagRecord = upstreamRecord(
  Type.Object({
    id: Type.Integer(),
    name: requiredText(),
    description: Type.String({ default: '' }),
    enabled: Type.Boolean(),
  }),
);
/** Its yup schema (forms, REST checks, casts), derived from `featureFlagRecord`. */
export const featureFlagSchema = yupSchemaOf(featureFlagRecord);
/** An on/off switch of the product. */
export type FeatureFlag = Static<typeof featureFlagRecord.schema>;
