import {
  applyPaymentOption,
  PAYMENT_OPTION_LABELS,
  PAYMENT_OPTIONS,
  type PaymentOption,
} from '@referrals/shared';
import { applyValues, type MarketplaceForm } from '../formTypes';
import { RadioField } from '../fields/RadioField';
import { Section } from '../fields/Section';

/** Section 2, Payment Options: Billed, or Debit Prepaid Balance once an agency is found. */
export const PaymentSection = ({
  form,
  agencyFound,
  existing,
}: {
  readonly form: MarketplaceForm;
  readonly agencyFound: boolean;
  readonly existing: boolean;
}) => (
  <Section id="payment" title="Payment Options">
    <RadioField
      form={form}
      name="paymentOption"
      label="Payment option"
      options={PAYMENT_OPTIONS.filter((o) => agencyFound || o === 'BILLED').map((o) => ({
        value: o,
        label: PAYMENT_OPTION_LABELS[o],
      }))}
      onPick={(v) =>
        applyValues(form, applyPaymentOption(form.getValues(), v as PaymentOption, existing))
      }
    />
  </Section>
);
