import { Box } from '@mui/material';
import type { FieldName, MarketplaceForm } from '../formTypes';
import { Section } from '../fields/Section';
import { SwitchField } from '../fields/SwitchField';

const SWITCHES: readonly [FieldName, string][] = [
  ['journayaIdRequired', 'Jornaya ID Required'],
  ['businessLineRequired', 'Business Line Required'],
  ['firstNameRequired', 'First Name'],
  ['lastNameRequired', 'Last Name'],
  ['cityRequired', 'City'],
  ['stateRequired', 'State'],
  ['postalCodeRequired', 'ZIP Code'],
  ['emailAddressRequired', 'Email Address'],
  ['phoneNumberRequired', 'Phone Number Required'],
  ['oneToOneConsentRequired', 'One To One Consent Required'],
  ['capturesOwnConsumerConsent', 'Captures Own Consumer Consent'],
  ['acceptWarmTransfers', 'Accepts Warm Transfers'],
];

/** Section 6, Appetite Settings, General: the required-field and consent switches. */
export const GeneralAppetiteSection = ({ form }: { readonly form: MarketplaceForm }) => {
  const error = form.formState.errors.businessLineRequired?.message;
  return (
    <Section id="general-appetite" title="Appetite Settings: General">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {SWITCHES.map(([name, label]) => (
          <SwitchField key={name} form={form} name={name} label={label} />
        ))}
      </Box>
      {error ? (
        <Box role="alert" sx={{ color: 'error.main', fontSize: 13 }}>
          {error}
        </Box>
      ) : null}
    </Section>
  );
};
