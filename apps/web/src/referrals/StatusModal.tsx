import { useId } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import {
  categoryText,
  CONFIRM_TEXTS,
  statusModalContent,
  type ActionOpportunity,
} from '@referrals/shared';
import { viewerTimeZone } from '../time/clock';
import type { GridRow } from './gridColumns';

const NO_FIELDS: Omit<ActionOpportunity, 'marketplaceStatus'> = {
  opportunityType: 'CIR',
  dynamicPrice: null,
  discountPrice: null,
  soldPrice: null,
  email: null,
  phone: null,
  lastModDate: null,
  assignedAgency: null,
};

/**
 * The modal a list's status button opens (Claimed, Settled, On Hold, Incoming, Delivered, Assigned,
 * Transferred): the referral's status line, that is its label, when it was set and the agency if
 * known, with a Close button. Stays closed for a referral without a status button (any more).
 */
export const StatusModal = ({
  referral,
  open,
  onClose,
}: {
  /** The referral shown; kept while the modal closes, so its text stays through the fade. */
  readonly referral: GridRow | null;
  readonly open: boolean;
  readonly onClose: () => void;
}) => {
  const titleId = useId();
  const content = referral
    ? statusModalContent({ ...NO_FIELDS, ...referral }, new Date(), viewerTimeZone())
    : null;
  return (
    <Dialog open={open && content !== null} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{CONFIRM_TEXTS.statusTitle}</DialogTitle>
      {referral && content && (
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {categoryText({ category: null, source: null, ...referral })} referral #
            {referral.opportunityId}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{content.label}</Typography>
          {content.whenText && <Typography variant="body2">{content.whenText}</Typography>}
          {content.agencyName && <Typography variant="body2">{content.agencyName}</Typography>}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {CONFIRM_TEXTS.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
