import { Grid } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { PERCENT_DECIMALS, PriceMode } from '@referrals/shared';
import type { MarketplaceForm } from '../formTypes';
import { NumberInput } from '../fields/NumberInput';
import { RadioField } from '../fields/RadioField';
import { Section } from '../fields/Section';

/** Section 3, Referral Price Adjustments: percent modifier, or delivered price on instant ones. */
export const PriceAdjustmentSection = ({ form }: { readonly form: MarketplaceForm }) => {
  const [type, mode] = useWatch({ control: form.control, name: ['marketplaceType', 'priceMode'] });
  const delivered = type === 'INSTANT' && mode === PriceMode.DeliveredPrice;
  return (
    <Section id="price-adjustments" title="Referral Price Adjustments">
      {type === 'INSTANT' ? (
        <RadioField
          form={form}
          name="priceMode"
          label="Price mode"
          options={[
            { value: PriceMode.PercentModifier, label: 'Percent Modifier' },
            { value: PriceMode.DeliveredPrice, label: 'Delivered Price' },
          ]}
        />
      ) : null}
      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          {delivered ? (
            <NumberInput form={form} name="deliveredPrice" label="Delivered Price" start="$" />
          ) : (
            <NumberInput
              form={form}
              name="percentModifier"
              label="Percent Modifier"
              end="%"
              decimals={PERCENT_DECIMALS}
            />
          )}
        </Grid>
      </Grid>
    </Section>
  );
};

/** Section 4, Referral Price Range: min and max. */
export const PriceRangeSection = ({ form }: { readonly form: MarketplaceForm }) => (
  <Section id="price-range" title="Referral Price Range">
    <Grid container spacing={2}>
      <Grid size={{ xs: 6, md: 3 }}>
        <NumberInput form={form} name="referralPriceMin" label="Min price" start="$" />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <NumberInput form={form} name="referralPriceMax" label="Max price" start="$" />
      </Grid>
    </Grid>
  </Section>
);
