import type { ReactNode } from 'react';
import { Box, FormControl, Grid, MenuItem, Select, Typography } from '@mui/material';
import { Controller, useWatch } from 'react-hook-form';
import {
  ALL_BUSINESS_LINES,
  APPETITE_LABELS,
  APPETITES,
  appetiteCounts,
  linesForDisplay,
  setLineAppetite,
  type LineCategory,
} from '@referrals/shared';
import type { FieldName, MarketplaceForm } from '../formTypes';
import { NumberInput } from '../fields/NumberInput';
import { Section } from '../fields/Section';
import { SwitchField } from '../fields/SwitchField';

const NAMES = new Map(ALL_BUSINESS_LINES.map((l) => [l.code, l.name]));

/** One min/max pair of a block. */
export interface RangeSpec {
  readonly label: string;
  readonly min: FieldName;
  readonly max: FieldName;
  readonly digits?: number;
  readonly money?: boolean;
}

const LineChoices = ({
  form,
  category,
}: {
  readonly form: MarketplaceForm;
  readonly category: LineCategory;
}) => (
  <Controller
    control={form.control}
    name="businessLineAppetites"
    render={({ field }) => {
      const counts = appetiteCounts(field.value, category);
      return (
        <Box>
          <Typography variant="body2" sx={{ mb: 1 }} aria-live="polite">
            {APPETITES.map((a) => `${counts[a]} ${APPETITE_LABELS[a]}`).join(' · ')}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
              gap: 1,
            }}
          >
            {linesForDisplay(field.value, category).map((l) => (
              <FormControl key={l.businessLineCode} size="small" fullWidth>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" sx={{ flex: 1 }} id={`line-${l.businessLineCode}`}>
                    {NAMES.get(l.businessLineCode) ?? l.businessLineCode}
                  </Typography>
                  <Select
                    size="small"
                    value={l.appetite}
                    // labelId names the combobox a person focuses (inputProps only reach the
                    // hidden native input).
                    labelId={`line-${l.businessLineCode}`}
                    onChange={(e) =>
                      field.onChange(
                        setLineAppetite(field.value, l.businessLineCode, e.target.value),
                      )
                    }
                    sx={{ minWidth: 120 }}
                  >
                    {APPETITES.map((a) => (
                      <MenuItem key={a} value={a}>
                        {APPETITE_LABELS[a]}
                      </MenuItem>
                    ))}
                  </Select>
                </Box>
              </FormControl>
            ))}
          </Box>
        </Box>
      );
    }}
  />
);

/**
 * Section 8, one appetite block (Commercial, Personal or Life & Annuities): its enable switch, an
 * appetite per business line with the counts, min/max fields and the block's own options.
 */
export const LineAppetiteSection = ({
  form,
  id,
  title,
  category,
  enableField,
  ranges,
  options,
  extra,
}: {
  readonly form: MarketplaceForm;
  readonly id: string;
  readonly title: string;
  readonly category: LineCategory;
  readonly enableField: FieldName;
  readonly ranges: readonly RangeSpec[];
  readonly options: readonly [FieldName, string][];
  readonly extra?: ReactNode;
}) => {
  const on = useWatch({ control: form.control, name: enableField }) === true;
  return (
    <Section id={id} title={title}>
      <SwitchField form={form} name={enableField} label={`Accept ${title}`} />
      {on ? (
        <>
          <LineChoices form={form} category={category} />
          <Grid container spacing={2} sx={{ mt: 1 }}>
            {ranges.flatMap((r) => [
              <Grid key={r.min} size={{ xs: 6, md: 3 }}>
                <NumberInput
                  form={form}
                  name={r.min}
                  label={`Min ${r.label}`}
                  digits={r.digits}
                  start={r.money ? '$' : undefined}
                />
              </Grid>,
              <Grid key={r.max} size={{ xs: 6, md: 3 }}>
                <NumberInput
                  form={form}
                  name={r.max}
                  label={`Max ${r.label}`}
                  digits={r.digits}
                  start={r.money ? '$' : undefined}
                />
              </Grid>,
            ])}
          </Grid>
          <Box sx={{ mt: 1 }}>
            {options.map(([name, label]) => (
              <SwitchField key={name} form={form} name={name} label={label} />
            ))}
          </Box>
          {extra}
        </>
      ) : null}
    </Section>
  );
};
