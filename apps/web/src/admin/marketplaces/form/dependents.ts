import { RANGE_PAIRS } from '@referrals/shared';
import type { FieldName } from './formTypes';

/**
 * Fields whose rule reads another field: when the key changes, these are validated again, so an
 * error appears or clears at once (react-hook-form revalidates only the changed field itself).
 */
export const DEPENDENTS: Readonly<Partial<Record<string, readonly FieldName[]>>> = {
  acceptCommercialLines: ['businessLineRequired', 'naicsText'],
  acceptPersonalLines: ['businessLineRequired'],
  acceptLifeAnnuitiesLines: ['businessLineRequired'],
  marketplaceType: ['percentModifier', 'deliveredPrice'],
  priceMode: ['percentModifier', 'deliveredPrice'],
  deliverToApi: ['referralDeliveryMethod', 'deliveryApiType', 'deliveryApiUrl', 'deliveryApiKey'],
  referralDeliveryMethod: ['deliveryApiType', 'deliveryApiUrl', 'deliveryApiKey'],
  deliverToEmailAddress: ['emailRecipients'],
  agencyId: ['defaultPurchasingAgentEmailAddress'],
  enableIndividualEmailDeliverySettings: ['individualEmailRecipientSettings'],
  ...Object.fromEntries(RANGE_PAIRS.map((p) => [p.max, [p.min]])),
};
