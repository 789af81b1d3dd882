import { Alert, Box, Divider, Typography } from '@mui/material';
import { timelineOf, type Opportunity } from '@referrals/shared';
import { useSession } from '../app/useSession';
import { PipelineForm } from './PipelineForm';
import { ReturnOffer } from './ReturnOffer';
import { returnStateText } from './returnStory';
import { TimelineList } from './TimelineList';
import { usePipeline } from './usePipeline';

/**
 * The agency's work on a referral it bought, in the details panel: progress, follow-up, contact
 * attempts and notes, the history they make, and the return (its window's countdown while none
 * was asked). Shown only when the relay answers a pipeline (the agency bought it, or an admin
 * looks); admins may not ask for a return.
 */
export const PipelineSection = ({ referral }: { readonly referral: Opportunity }) => {
  const { access } = useSession();
  const p = usePipeline(referral.opportunityId);
  const v = p.view;
  if (!v) return null;
  const timeline = timelineOf(v);
  return (
    <Box component="section" aria-labelledby="pipeline-heading" sx={{ mb: 1.5 }}>
      <Typography id="pipeline-heading" variant="h6" component="h3">
        Progress
      </Typography>
      <PipelineForm key={v.referralId} view={v} saving={p.saving} onSave={p.save} />
      {p.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {p.error}
        </Alert>
      )}
      {timeline.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h4" sx={{ mt: 1.5 }}>
            History
          </Typography>
          <TimelineList entries={timeline} label="History" />
        </>
      )}
      {v.return && (
        <Alert
          severity={
            v.return.state === 'approved'
              ? 'success'
              : v.return.state === 'denied'
                ? 'error'
                : 'info'
          }
          sx={{ mt: 1 }}
        >
          {returnStateText(v.return)}
        </Alert>
      )}
      {v.return === null && v.returnWindow && (
        <ReturnOffer
          view={v}
          window={v.returnWindow}
          mayAsk={!access.isAdmin}
          busy={p.returning}
          onSubmit={p.requestReturn}
        />
      )}
      <Divider sx={{ mt: 1.5 }} />
    </Box>
  );
};
