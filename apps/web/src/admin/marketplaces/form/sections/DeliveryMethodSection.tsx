import type { RefObject } from 'react';
import { Box, Grid, MenuItem, TextField } from '@mui/material';
import { Controller, useWatch } from 'react-hook-form';
import {
  API_TYPES,
  applyDeliverToApi,
  individualSettingsLocked,
  REFERRAL_DELIVERY_METHODS,
} from '@referrals/shared';
import { applyValues, type FieldName, type MarketplaceForm } from '../formTypes';
import { Section } from '../fields/Section';
import { SwitchField } from '../fields/SwitchField';
import { TextInput } from '../fields/TextInput';
import { RecipientsTable } from './RecipientsTable';

const Choice = ({
  form,
  name,
  label,
  options,
}: {
  readonly form: MarketplaceForm;
  readonly name: FieldName;
  readonly label: string;
  readonly options: readonly string[];
}) => (
  <Controller
    control={form.control}
    name={name}
    render={({ field, fieldState }) => (
      <TextField
        data-field={name}
        select
        size="small"
        fullWidth
        label={label}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
        onBlur={field.onBlur}
        error={fieldState.error !== undefined}
        helperText={fieldState.error?.message}
      >
        {options.map((o) => (
          <MenuItem key={o} value={o}>
            {o}
          </MenuItem>
        ))}
      </TextField>
    )}
  />
);

/** Section 10, Referral Delivery Method: API and email delivery with their settings. */
export const DeliveryMethodSection = ({
  form,
  storedIndividual: storedIndividualRef,
}: {
  readonly form: MarketplaceForm;
  /** The individual-settings switch as last loaded or chosen (restored when API goes off). */
  readonly storedIndividual: RefObject<boolean>;
}) => {
  const [api, method, email, individual] = useWatch({
    control: form.control,
    name: [
      'deliverToApi',
      'referralDeliveryMethod',
      'deliverToEmailAddress',
      'enableIndividualEmailDeliverySettings',
    ],
  });
  return (
    <Section id="delivery-method" title="Referral Delivery Method">
      <SwitchField
        form={form}
        name="deliverToApi"
        label="API Delivery"
        onToggle={(on) =>
          applyValues(form, applyDeliverToApi(form.getValues(), on, storedIndividualRef.current))
        }
      />
      <SwitchField form={form} name="deliverToEmailAddress" label="Email Delivery" />
      {api ? (
        <Grid container spacing={2} sx={{ my: 1 }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Choice
              form={form}
              name="referralDeliveryMethod"
              label="API Delivery Method"
              options={REFERRAL_DELIVERY_METHODS}
            />
          </Grid>
          {method === 'GENERIC' ? (
            <>
              <Grid size={{ xs: 12, md: 2 }}>
                <Choice form={form} name="deliveryApiType" label="API Type" options={API_TYPES} />
              </Grid>
              <Grid size={{ xs: 12, md: 3 }}>
                <TextInput form={form} name="deliveryApiUrl" label="URL" />
              </Grid>
              <Grid size={{ xs: 12, md: 3 }}>
                <TextInput form={form} name="deliveryApiKey" label="API key" />
              </Grid>
            </>
          ) : null}
        </Grid>
      ) : null}
      {email ? (
        <Box sx={{ mt: 1 }}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput
                form={form}
                name="emailRecipients"
                label="Email recipients (comma-separated)"
                multiline
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput
                form={form}
                name="emailBccRecipients"
                label="Bcc recipients (comma-separated)"
                multiline
              />
            </Grid>
          </Grid>
          <SwitchField form={form} name="enableRoundRobinDelivery" label="Round Robin Delivery" />
          <SwitchField
            form={form}
            name="enableIndividualEmailDeliverySettings"
            label="Individual Email Delivery Settings"
            disabled={individualSettingsLocked({ deliverToApi: api })}
            onToggle={(on) => {
              storedIndividualRef.current = on;
              form.setValue('enableIndividualEmailDeliverySettings', on, {
                shouldDirty: true,
                shouldValidate: true,
              });
            }}
          />
          {individual ? <RecipientsTable form={form} /> : null}
        </Box>
      ) : null}
    </Section>
  );
};
