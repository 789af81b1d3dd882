import * as yup from 'yup';
import {
  API_TYPES,
  APPETITES,
  MARKETPLACE_TYPES,
  PAYMENT_OPTIONS,
  REFERRAL_DELIVERY_METHODS,
  type ApiType,
  type Appetite,
  type MarketplaceType,
  type PaymentOption,
  type ReferralDeliveryMethod,
} from '../domain/marketplace.js';
import { LINE_CATEGORIES, type LineCategory } from '../domain/opportunity.js';
import { FORM_LIMITS, NAICS_MODES, PRICE_MODES, PriceMode, type NaicsMode } from './constants.js';
import { hasPercentDecimals, phoneDigits } from './conversions.js';
import { type EmailListProblem, emailListProblem, isValidEmail } from './emails.js';
import type { MarketplaceFormValues } from './formValues.js';
import {
  FORM_MESSAGES as M,
  INFERRED_MESSAGES as I,
  recipientDayMessage,
  referralLimitMessage,
} from './messages.js';
import { isValidNaicsText } from './naics.js';
import { rangeShape } from './rangeFields.js';
import { anyDaySelected, recipientFormSchema, recipientLabel } from './recipientSchema.js';
import { validateUrl } from '../referrals/urlValidator.js';

/**
 * What the form knows besides its values: the results of the debounced lookups. They enter through
 * yup's context (`schema.validate(values, { context })`), not form fields, because the user does
 * not type them. An absent result (not looked up yet, pending, or validating on the relay, which
 * runs no lookup) is not an error.
 */
export interface MarketplaceFormContext {
  /** Whether the agency lookup found the current agencyId. */
  agencyFound?: boolean;
  /** Whether exactly one user matched the default purchasing agent email. */
  purchaserFound?: boolean;
}

/** The error path of 'At least one delivery day must be selected.' (no single field holds it). */
export const DELIVERY_DAYS_PATH = 'deliveryDays';

type Ctx = yup.TestContext<MarketplaceFormContext>;
const form = (ctx: Ctx): MarketplaceFormValues => ctx.parent as MarketplaceFormValues;
const lookup = (ctx: Ctx): MarketplaceFormContext => ctx.options.context ?? {};

/** Delivered Price is offered only on instant marketplaces; otherwise the percent modifier applies. */
export const effectivePriceMode = (
  v: Pick<MarketplaceFormValues, 'marketplaceType' | 'priceMode'>,
): PriceMode => (v.marketplaceType === 'INSTANT' ? v.priceMode : PriceMode.PercentModifier);

/** Generic API delivery: API delivery on with the GENERIC method; it needs type, URL and key. */
export const isGenericApiDelivery = (
  v: Pick<MarketplaceFormValues, 'deliverToApi' | 'referralDeliveryMethod'>,
): boolean => v.deliverToApi && v.referralDeliveryMethod === 'GENERIC';

const EMAIL_MESSAGES: Record<EmailListProblem, string> = {
  invalid: M.emailsInvalid,
  duplicated: M.emailsDuplicated,
  empty: M.emailRecipientRequired,
};

const bool = () => yup.boolean().defined();
const text = () => yup.string().defined();
const oneOf = <T extends string>(values: readonly T[]) => yup.string<T>().oneOf(values).defined();
const limit = (period: 'hour' | 'day' | 'week' | 'month') =>
  yup
    .number()
    .typeError(referralLimitMessage(period))
    .nullable()
    .defined()
    .min(FORM_LIMITS.referralLimitMin, referralLimitMessage(period));
const emailList = (required: (v: MarketplaceFormValues) => boolean) =>
  text().test('email-list', (value, ctx) => {
    const problem = emailListProblem(value, required(form(ctx)));
    return problem === null || ctx.createError({ message: EMAIL_MESSAGES[problem] });
  });
/** A text field the generic API delivery needs. */
const genericRequired = (message: string) =>
  text().test('generic-required', message, (value, ctx) =>
    isGenericApiDelivery(form(ctx)) ? value.trim() !== '' : true,
  );

const lineAppetiteSchema = yup.object({
  businessLineCode: text(),
  businessLineCategory: oneOf<LineCategory>(LINE_CATEGORIES),
  appetite: oneOf<Appetite>(APPETITES),
});

const dayField = () => bool();

/** The marketplace create/edit form with every rule and message of marketplace-admin section 5. */
export const marketplaceFormSchema: yup.ObjectSchema<
  MarketplaceFormValues,
  MarketplaceFormContext
> = yup
  .object({
    id: yup.number().nullable().defined(),
    riskAppetiteId: yup.number().nullable().defined(),
    priority: yup.number().nullable().defined(),
    enabled: bool(),
    includedInMarketplaceFlow: bool(),
    marketplaceType: oneOf<MarketplaceType>(MARKETPLACE_TYPES),
    generic: bool(),
    agencyId: yup
      .number()
      .typeError(I.agencyIdInvalid)
      .nullable()
      .defined()
      .integer(I.agencyIdInvalid)
      .min(0, I.agencyIdInvalid)
      .test('agency-found', M.agencyNotFound, (value, ctx) =>
        value === null ? true : lookup(ctx).agencyFound !== false,
      ),
    premierPartnerMarketplace: bool(),
    marketplaceName: text().test('name', M.nameRequired, (v) => v.trim() !== ''),
    legalEntityName: text(),
    phoneNumber: text().test(
      'phone',
      M.phoneInvalid,
      (v) => v.trim() === '' || phoneDigits(v).length === FORM_LIMITS.phoneDigits,
    ),
    defaultPurchasingAgentEmailAddress: text().test('purchaser', (value, ctx) => {
      if (form(ctx).agencyId === null) return true;
      if (!isValidEmail(value)) return ctx.createError({ message: M.purchaserEmailInvalid });
      return (
        lookup(ctx).purchaserFound !== false || ctx.createError({ message: M.purchaserNotFound })
      );
    }),
    paymentOption: oneOf<PaymentOption>(PAYMENT_OPTIONS).nullable(),
    priceMode: oneOf<PriceMode>(PRICE_MODES),
    percentModifier: yup
      .number()
      .typeError(M.percentModifierRequired)
      .nullable()
      .defined()
      .test('percent', (value, ctx) => {
        if (effectivePriceMode(form(ctx)) !== PriceMode.PercentModifier) return true;
        if (value === null) return ctx.createError({ message: M.percentModifierRequired });
        if (!hasPercentDecimals(value))
          return ctx.createError({ message: I.percentModifierDecimals });
        return (
          value >= FORM_LIMITS.percentModifierMin ||
          ctx.createError({ message: M.percentModifierTooNegative })
        );
      }),
    deliveredPrice: yup
      .number()
      .typeError(M.deliveredPriceRequired)
      .nullable()
      .defined()
      .test('delivered-price', M.deliveredPriceRequired, (value, ctx) =>
        effectivePriceMode(form(ctx)) === PriceMode.DeliveredPrice
          ? value !== null && value !== 0
          : true,
      ),
    ...rangeShape(),
    checkedSources: yup.array(text()).defined().min(1, M.sourcesRequired),
    checkedStates: yup.array(text()).defined().min(1, M.statesRequired),
    journayaIdRequired: bool(),
    businessLineRequired: bool().test('category', M.businessLineCategoryRequired, (on, ctx) => {
      const v = form(ctx);
      return !on || v.acceptCommercialLines || v.acceptPersonalLines || v.acceptLifeAnnuitiesLines;
    }),
    firstNameRequired: bool(),
    lastNameRequired: bool(),
    cityRequired: bool(),
    stateRequired: bool(),
    postalCodeRequired: bool(),
    emailAddressRequired: bool(),
    phoneNumberRequired: bool(),
    oneToOneConsentRequired: bool(),
    capturesOwnConsumerConsent: bool(),
    acceptWarmTransfers: bool(),
    acceptCommercialLines: bool(),
    acceptPersonalLines: bool(),
    acceptLifeAnnuitiesLines: bool(),
    businessLineAppetites: yup.array(lineAppetiteSchema).defined(),
    naicsMode: oneOf<NaicsMode>(NAICS_MODES),
    naicsText: text().test('naics', M.naicsInvalid, (value, ctx) =>
      form(ctx).acceptCommercialLines ? isValidNaicsText(value) : true,
    ),
    acceptCommercialInsured: bool(),
    acceptCommercialUninsured: bool(),
    acceptPersonalInsured: bool(),
    acceptPersonalUninsured: bool(),
    acceptMedicalExamConsent: bool(),
    acceptMedicalExamRefusal: bool(),
    acceptTobaccoUsePastYear: bool(),
    acceptNoTobaccoUsePastYear: bool(),
    maxReferralsPerHour: limit('hour'),
    maxReferralsPerDay: limit('day'),
    maxReferralsPerWeek: limit('week'),
    maxReferralsPerMonth: limit('month'),
    acceptReferralsOnMonday: dayField(),
    acceptReferralsOnTuesday: dayField(),
    acceptReferralsOnWednesday: dayField(),
    acceptReferralsOnThursday: dayField(),
    acceptReferralsOnFriday: dayField(),
    acceptReferralsOnSaturday: dayField(),
    acceptReferralsOnSunday: dayField(),
    acceptReferralsOnBankHolidays: bool(),
    deliver24Hours: bool(),
    referralDeliveryStartTime: text(),
    referralDeliveryEndTime: text(),
    referralDeliveryTimezone: text(),
    deliverToApi: bool(),
    referralDeliveryMethod: yup
      .string<ReferralDeliveryMethod>()
      .oneOf(REFERRAL_DELIVERY_METHODS)
      .nullable()
      .defined()
      .test('api-method', I.apiMethodRequired, (value, ctx) =>
        form(ctx).deliverToApi ? value !== null : true,
      ),
    deliveryApiType: yup
      .string<ApiType>()
      .oneOf(API_TYPES)
      .nullable()
      .defined()
      .test('api-type', I.apiTypeRequired, (value, ctx) =>
        isGenericApiDelivery(form(ctx)) ? value !== null : true,
      ),
    deliveryApiUrl: genericRequired(I.apiUrlRequired).test('url', (value, ctx) => {
      const problem = validateUrl(value);
      if (problem === null) return true;
      return ctx.createError({
        message: 'urlTooLong' in problem ? I.apiUrlTooLong : I.apiUrlInvalid,
      });
    }),
    deliveryApiKey: genericRequired(I.apiKeyRequired),
    deliverToEmailAddress: bool(),
    enableRoundRobinDelivery: bool(),
    enableIndividualEmailDeliverySettings: bool(),
    emailRecipients: emailList((v) => v.deliverToEmailAddress),
    emailBccRecipients: emailList(() => false),
    individualEmailRecipientSettings: yup
      .array(recipientFormSchema)
      .defined()
      .test('recipient-days', (rows, ctx) => {
        if (!form(ctx).enableIndividualEmailDeliverySettings) return true;
        const missing = rows.find((r) => !anyDaySelected(r));
        return (
          missing === undefined ||
          ctx.createError({ message: recipientDayMessage(recipientLabel(missing)) })
        );
      }),
  })
  .test('delivery-days', M.deliveryDayRequired, (values, ctx) =>
    anyDaySelected(values) ? true : ctx.createError({ path: DELIVERY_DAYS_PATH }),
  );
