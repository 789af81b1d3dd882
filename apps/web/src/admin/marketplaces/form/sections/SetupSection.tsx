import { Box, Checkbox, CircularProgress, FormControlLabel, Grid, Typography } from '@mui/material';
import { Controller } from 'react-hook-form';
import { MARKETPLACE_TYPES, type Agency, type AgencyUser } from '@referrals/shared';
import type { MarketplaceForm } from '../formTypes';
import { NumberInput } from '../fields/NumberInput';
import { RadioField } from '../fields/RadioField';
import { Section } from '../fields/Section';
import { SwitchField } from '../fields/SwitchField';
import { TextInput } from '../fields/TextInput';
import type { Lookups } from '../useLookups';

const TYPE_LABELS = { INSTANT: 'Instant', DURATION: 'Duration' } as const;
const spinner = (on: boolean, label: string) =>
  on ? <CircularProgress size={18} aria-label={label} /> : null;

const AgencyDetails = ({ agency }: { readonly agency: Agency }) => (
  <Box sx={{ fontSize: 14 }} aria-label="Agency details">
    <Typography variant="subtitle2">{agency.name}</Typography>
    <Typography variant="body2">
      {[
        agency.address.street,
        agency.address.city,
        agency.address.regionCode,
        agency.address.zipCode,
      ]
        .filter(Boolean)
        .join(', ')}
    </Typography>
    <Typography variant="body2">
      {[agency.contact.name, agency.contact.email].filter(Boolean).join(' · ')}
    </Typography>
  </Box>
);

const PurchaserDetails = ({ user }: { readonly user: AgencyUser }) => (
  <Box aria-label="Default purchasing agent details">
    <Typography variant="subtitle2">
      {[user.firstName, user.lastName].filter(Boolean).join(' ')}
    </Typography>
    <Typography variant="body2">
      {[user.agencyName, user.agencyAddress].filter(Boolean).join(' · ')}
    </Typography>
  </Box>
);

/** Section 1, Marketplace Setup: type, generic, agency lookup, names, phone, purchaser lookup. */
export const SetupSection = ({
  form,
  lookups,
}: {
  readonly form: MarketplaceForm;
  readonly lookups: Lookups;
}) => (
  <Section id="setup" title="Marketplace Setup">
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <RadioField
          form={form}
          name="marketplaceType"
          label="Type"
          options={MARKETPLACE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SwitchField form={form} name="generic" label="Is Generic Marketplace" />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <NumberInput
          form={form}
          name="agencyId"
          label="Agency ID"
          end={spinner(lookups.agencyPending, 'Looking up the agency')}
          onValue={lookups.agencyTyped}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        {lookups.agency ? (
          <>
            <AgencyDetails agency={lookups.agency} />
            <Controller
              control={form.control}
              name="premierPartnerMarketplace"
              render={({ field }) => (
                <FormControlLabel
                  label="Is Premier Partner"
                  control={
                    <Checkbox checked={field.value} onChange={(_e, on) => field.onChange(on)} />
                  }
                />
              )}
            />
          </>
        ) : null}
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput form={form} name="marketplaceName" label="Marketplace Name *" />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput form={form} name="legalEntityName" label="Legal Entity Name" />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput form={form} name="phoneNumber" label="Phone Number" helperText="xxxyyyzzzz" />
      </Grid>
      {lookups.agency ? (
        <>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextInput
              form={form}
              name="defaultPurchasingAgentEmailAddress"
              label="Default Purchasing Agent Email"
              end={spinner(lookups.purchaserPending, 'Looking up the purchaser')}
              onValue={lookups.purchaserTyped}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            {lookups.purchaser ? <PurchaserDetails user={lookups.purchaser} /> : null}
          </Grid>
        </>
      ) : null}
    </Grid>
    <Typography variant="caption" color="text.secondary">
      Agency team members must have the role &apos;Admin&apos; to view all delivered referrals in
      the agency portal.
    </Typography>
  </Section>
);
