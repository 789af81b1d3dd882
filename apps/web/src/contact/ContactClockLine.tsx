import { Box, Typography } from '@mui/material';
import type { Opportunity } from '@referrals/shared';
import { usePipelines } from '../pipeline/usePipelines';
import { ContactClockChip } from './ContactClockChip';
import { useContactClocks } from './useContactClocks';

/** The panel's contact clock of a referral the viewer's agency bought (nothing otherwise). */
export const ContactClockLine = ({ referral }: { readonly referral: Opportunity }) => {
  const ids = [referral.opportunityId];
  const pipelines = usePipelines(ids);
  const clocks = useContactClocks(ids, pipelines.byId);
  const clock = clocks.byId.get(referral.opportunityId);
  if (!clock) return null;
  return (
    <Box sx={{ mt: 1, display: 'flex', gap: 1, alignItems: 'baseline' }}>
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        Contact clock
      </Typography>
      <Typography variant="body2" component="span">
        <ContactClockChip clock={clock} targetMinutes={clocks.targetMinutes} />
      </Typography>
      <Typography variant="caption" component="span" color="text.secondary">
        target {clocks.targetMinutes} min
      </Typography>
    </Box>
  );
};
