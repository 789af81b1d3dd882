import { Grid } from '@mui/material';
import { FORM_LIMITS, NAICS_MODES, swapNaicsText, type NaicsMode } from '@referrals/shared';
import type { MarketplaceForm } from '../formTypes';
import { RadioField } from '../fields/RadioField';
import { TextInput } from '../fields/TextInput';
import { LineAppetiteSection } from './LineAppetiteSection';

const NAICS_LABELS: Record<NaicsMode, string> = { exclude: 'Exclude', include: 'Include' };

const Naics = ({
  form,
  codes,
}: {
  readonly form: MarketplaceForm;
  readonly codes: readonly string[];
}) => (
  <Grid container spacing={2} sx={{ mt: 1 }}>
    <Grid size={{ xs: 12, md: 4 }}>
      <RadioField
        form={form}
        name="naicsMode"
        label="NAICS codes"
        options={NAICS_MODES.map((m) => ({
          value: m,
          label: NAICS_LABELS[m],
          disabled: codes.length === 0,
        }))}
        onPick={(mode) => {
          const opts = { shouldDirty: true, shouldValidate: true } as const;
          form.setValue('naicsText', swapNaicsText(form.getValues('naicsText'), codes), opts);
          form.setValue('naicsMode', mode as NaicsMode, opts);
        }}
      />
    </Grid>
    <Grid size={{ xs: 12, md: 8 }}>
      <TextInput
        form={form}
        name="naicsText"
        label="NAICS codes (6 digits, comma-separated)"
        multiline
      />
    </Grid>
  </Grid>
);

/** Section 8: the Commercial, Personal and Life & Annuities blocks. */
export const AppetiteBlocks = ({
  form,
  naicsCodes,
}: {
  readonly form: MarketplaceForm;
  readonly naicsCodes: readonly string[];
}) => (
  <>
    <LineAppetiteSection
      form={form}
      id="commercial"
      title="Commercial Lines"
      category="COMMERCIAL"
      enableField="acceptCommercialLines"
      ranges={[
        {
          label: 'business lines',
          min: 'commercialBusinessLinesMin',
          max: 'commercialBusinessLinesMax',
          digits: FORM_LIMITS.businessLines.digits,
        },
        {
          label: 'years in business',
          min: 'yearsInBusinessMin',
          max: 'yearsInBusinessMax',
          digits: FORM_LIMITS.yearsInBusiness.digits,
        },
        {
          label: 'employees',
          min: 'numberOfEmployeesMin',
          max: 'numberOfEmployeesMax',
          digits: FORM_LIMITS.numberOfEmployees.digits,
        },
        {
          label: 'estimated premium',
          min: 'commercialEstimatedPremiumMin',
          max: 'commercialEstimatedPremiumMax',
          money: true,
        },
      ]}
      options={[
        ['acceptCommercialInsured', 'Insured'],
        ['acceptCommercialUninsured', 'Uninsured'],
      ]}
      extra={<Naics form={form} codes={naicsCodes} />}
    />
    <LineAppetiteSection
      form={form}
      id="personal"
      title="Personal Lines"
      category="PERSONAL"
      enableField="acceptPersonalLines"
      ranges={[
        {
          label: 'business lines',
          min: 'personalBusinessLinesMin',
          max: 'personalBusinessLinesMax',
          digits: FORM_LIMITS.businessLines.digits,
        },
        {
          label: 'estimated premium',
          min: 'personalEstimatedPremiumMin',
          max: 'personalEstimatedPremiumMax',
          money: true,
        },
      ]}
      options={[
        ['acceptPersonalInsured', 'Insured'],
        ['acceptPersonalUninsured', 'Uninsured'],
      ]}
    />
    <LineAppetiteSection
      form={form}
      id="life"
      title="Life & Annuities Lines"
      category="LIFE_ANNUITIES"
      enableField="acceptLifeAnnuitiesLines"
      ranges={[
        {
          label: 'business lines',
          min: 'lifeAnnuitiesBusinessLinesMin',
          max: 'lifeAnnuitiesBusinessLinesMax',
          digits: FORM_LIMITS.businessLines.digits,
        },
        { label: 'death benefit', min: 'deathBenefitMin', max: 'deathBenefitMax', money: true },
      ]}
      options={[
        ['acceptMedicalExamConsent', 'Accepts medical exam consent'],
        ['acceptMedicalExamRefusal', 'Accepts medical exam refusal'],
        ['acceptTobaccoUsePastYear', 'Accepts tobacco use in the past year'],
        ['acceptNoTobaccoUsePastYear', 'Accepts no tobacco use in the past year'],
      ]}
    />
  </>
);
