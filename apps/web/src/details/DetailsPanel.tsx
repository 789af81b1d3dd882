import type { ReactNode } from 'react';
import { Alert, Box, Divider, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import {
  businessLinesText,
  categoryText,
  cityState,
  CONSOLE_FLAGS,
  employeesText,
  fullName,
  industryText,
  LAYOUT,
  OPPORTUNITY_TYPE_NAMES,
  premiumText,
  yearsText,
  type Opportunity,
} from '@referrals/shared';
import { useSession } from '../app/useSession';
import { useFeatureFlag } from '../live/useFeatureFlag';
import { PipelineSection } from '../pipeline/PipelineSection';
import { PhoneLink } from '../shell/PhoneLink';
import type { GridRow } from '../referrals/gridColumns';
import { ActionArea } from './ActionArea';
import { ClaimedBy } from './ClaimedBy';
import { PresenceBar } from '../presence/PresenceBar';
import { useReferralPresence } from '../presence/usePresence';
import { ContactClockLine } from '../contact/ContactClockLine';
import { StreetView } from './StreetView';
import { useReferralDetail, type DetailReferral } from './useReferralDetail';

const Field = ({ label, children }: { readonly label: string; readonly children: ReactNode }) =>
  children === '' || children === null || children === undefined ? null : (
    <Box sx={{ display: 'grid', gridTemplateColumns: '140px 1fr', gap: 1, py: 0.25 }}>
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="span">
        {children}
      </Typography>
    </Box>
  );

const asOpportunity = (d: DetailReferral): Opportunity =>
  ({ businessLines: [], ...d }) as Opportunity;

/** Contact details: only in the full-contact layout (the agency bought it, or an admin). */
const Contact = ({ o }: { readonly o: Opportunity }) => (
  <>
    <Typography variant="h6" component="h3">
      Contact
    </Typography>
    <Field label="Name">{fullName(o)}</Field>
    <Field label="Business">{o.businessName}</Field>
    <Field label="Phone">{o.phone && <PhoneLink phone={o.phone} />}</Field>
    <Field label="Email">{o.email && <a href={`mailto:${o.email}`}>{o.email}</a>}</Field>
    <Field label="Address">
      {[o.address1, cityState(o), o.postalCode].filter(Boolean).join(', ')}
    </Field>
    <Divider sx={{ my: 1.5 }} />
  </>
);

/**
 * The details panel: a 470px drawer closed by its X or a click outside. Masked layout for
 * referrals the user has not bought, full contact when the server sent contact details.
 */
export const DetailsPanel = ({
  referral,
  onClose,
}: {
  readonly referral: GridRow | null;
  readonly onClose: () => void;
}) => {
  const { access, username } = useSession();
  const streetView = useFeatureFlag(CONSOLE_FLAGS.streetView);
  const { detail, busy, error, lost, claim } = useReferralDetail(referral);
  // The team's presence (agency users): announced while the panel shows the referral.
  const presence = useReferralPresence(access.canClaim ? (referral?.opportunityId ?? null) : null);
  const teammateHold = presence?.hold?.username === username ? null : (presence?.hold ?? null);
  const o = detail ? asOpportunity(detail) : null;
  const fullContact = Boolean(o?.email || o?.phone);
  return (
    <Drawer
      anchor="right"
      open={referral !== null}
      onClose={onClose}
      sx={{ zIndex: (t) => t.zIndex.modal }}
      slotProps={{
        paper: {
          'aria-label': 'Referral details',
          sx: { width: { xs: '100%', sm: LAYOUT.detailsPanelWidthPx } },
        },
      }}
    >
      {o && (
        <Box
          sx={{ p: 2 }}
          role="region"
          aria-labelledby="details-heading"
          data-layout={fullContact ? 'full' : 'masked'}
        >
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography id="details-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {categoryText(o)} referral #{o.opportunityId}
            </Typography>
            <IconButton aria-label="Close details" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Box sx={{ my: 2 }}>
            {access.canClaim && <PresenceBar presence={presence} me={username} />}
            <ActionArea
              key={o.opportunityId}
              referral={o}
              hold={teammateHold}
              privileged={access.privileged}
              busy={busy}
              lost={lost}
              onClaim={claim}
            />
            {!access.privileged && <ClaimedBy referral={o} />}
            {/* Contact details: bought by the viewer's agency, whose clock it is. */}
            {!access.privileged && fullContact && (
              <ContactClockLine key={o.opportunityId} referral={o} />
            )}
            {error && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {error}
              </Alert>
            )}
          </Box>
          <Divider sx={{ mb: 1.5 }} />
          {fullContact && <Contact o={o} />}
          {/* Contact means bought by the agency (or an admin looks): the pipeline may exist. */}
          {fullContact && <PipelineSection key={o.opportunityId} referral={o} />}
          {streetView && o.showVisualLocation && o.searchId && (
            <Box sx={{ mb: 1.5 }}>
              <StreetView searchId={o.searchId} />
            </Box>
          )}
          <Field label="Type">{OPPORTUNITY_TYPE_NAMES[o.opportunityType]}</Field>
          <Field label="Status">{o.marketplaceStatus}</Field>
          <Field label="Location">{cityState(o)}</Field>
          <Field label="Line of Business">{businessLinesText(o)}</Field>
          <Field label="Industry (NAICS)">{industryText(o)}</Field>
          <Field label="# Employees">{employeesText(o)}</Field>
          <Field label="Years in Business">{yearsText(o)}</Field>
          <Field label="Est. Premium">{premiumText(o)}</Field>
          {o.prospectMessage && (
            <>
              <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
                Prospect's note
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {o.prospectMessage}
              </Typography>
            </>
          )}
        </Box>
      )}
    </Drawer>
  );
};
