import {
  Box,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Grid,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Controller, useWatch } from 'react-hook-form';
import {
  apply24Hours,
  DELIVERY_DAYS_PATH,
  LIMIT_PERIODS,
  TIMEZONES,
  WEEK_DAYS,
  type BankHoliday,
} from '@referrals/shared';
import { applyValues, errorAt, type FieldName, type MarketplaceForm } from '../formTypes';
import { NumberInput } from '../fields/NumberInput';
import { Section } from '../fields/Section';
import { SwitchField } from '../fields/SwitchField';
import { TextInput } from '../fields/TextInput';

const LIMIT_FIELDS: Record<(typeof LIMIT_PERIODS)[number], FieldName> = {
  hour: 'maxReferralsPerHour',
  day: 'maxReferralsPerDay',
  week: 'maxReferralsPerWeek',
  month: 'maxReferralsPerMonth',
};

const DayBox = ({
  form,
  name,
  label,
}: {
  readonly form: MarketplaceForm;
  readonly name: FieldName;
  readonly label: string;
}) => (
  <Controller
    control={form.control}
    name={name}
    render={({ field }) => (
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            size="small"
            checked={field.value === true}
            onChange={(_e, on) => field.onChange(on)}
          />
        }
      />
    )}
  />
);

const holidaysText = (holidays: readonly BankHoliday[]) =>
  holidays.length === 0
    ? 'No bank holidays loaded'
    : holidays.map((h) => `${h.description}: ${h.date}`).join('\n');

/** Section 9, Delivery Settings: limits, days, bank holidays, delivery times. */
export const DeliverySettingsSection = ({
  form,
  holidays,
}: {
  readonly form: MarketplaceForm;
  readonly holidays: readonly BankHoliday[];
}) => {
  const allDay = useWatch({ control: form.control, name: 'deliver24Hours' });
  const daysError = errorAt(form, DELIVERY_DAYS_PATH);
  return (
    <Section id="delivery-settings" title="Delivery Settings">
      <Typography variant="subtitle2">Referral delivery limits (blank means no limit)</Typography>
      <Grid container spacing={2} sx={{ my: 1 }}>
        {LIMIT_PERIODS.map((p) => (
          <Grid key={p} size={{ xs: 6, md: 3 }}>
            <NumberInput form={form} name={LIMIT_FIELDS[p]} label={`Per ${p}`} />
          </Grid>
        ))}
      </Grid>
      <Typography variant="subtitle2">Delivery days</Typography>
      <Box
        role="group"
        aria-label="Delivery days"
        data-field={DELIVERY_DAYS_PATH}
        sx={{ display: 'flex', flexWrap: 'wrap' }}
      >
        {WEEK_DAYS.map((d) => (
          <DayBox key={d.field} form={form} name={d.field} label={d.key} />
        ))}
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <DayBox form={form} name="acceptReferralsOnBankHolidays" label="Bank Holidays" />
          <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{holidaysText(holidays)}</span>}>
            {/* titleAccess, not aria-label: MUI hides an icon without a title from assistive tech,
                and a focusable hidden element is an axe violation. */}
            <InfoOutlinedIcon fontSize="small" titleAccess="Bank holidays" tabIndex={0} />
          </Tooltip>
        </Box>
      </Box>
      {daysError ? <FormHelperText error>{daysError}</FormHelperText> : null}
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        Delivery times
      </Typography>
      <Grid container spacing={2} sx={{ mt: 0.5, alignItems: 'center' }}>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextInput
            form={form}
            name="referralDeliveryStartTime"
            label="Start"
            type="time"
            disabled={allDay}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextInput
            form={form}
            name="referralDeliveryEndTime"
            label="End"
            type="time"
            disabled={allDay}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Controller
            control={form.control}
            name="referralDeliveryTimezone"
            render={({ field }) => (
              <TextField
                select
                size="small"
                fullWidth
                label="Timezone"
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
              >
                {TIMEZONES.map((t) => (
                  <MenuItem key={t.zone} value={t.zone}>
                    {t.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <SwitchField
            form={form}
            name="deliver24Hours"
            label="24 hrs/day"
            onToggle={(on) => applyValues(form, apply24Hours(form.getValues(), on))}
          />
        </Grid>
      </Grid>
    </Section>
  );
};
