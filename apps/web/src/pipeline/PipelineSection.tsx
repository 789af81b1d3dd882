import { useState } from 'react';
import { Alert, Box, Button, Divider, List, ListItem, Typography } from '@mui/material';
import { withinReturnWindow, type Opportunity } from '@referrals/shared';
import { useSession } from '../app/useSession';
import { PipelineForm } from './PipelineForm';
import { ReturnDialog } from './ReturnDialog';
import { returnStateText } from './returnStory';
import { usePipeline } from './usePipeline';

/**
 * The agency's work on a referral it bought, in the details panel: progress, follow-up, notes
 * and the return. Shown only when the relay answers a pipeline (the agency bought it, or an
 * admin looks); admins may not ask for a return.
 */
export const PipelineSection = ({ referral }: { readonly referral: Opportunity }) => {
  const { access } = useSession();
  const p = usePipeline(referral.opportunityId);
  const [returning, setReturning] = useState(false);
  const v = p.view;
  if (!v) return null;
  const acquiredAt = referral.lastModDate ? new Date(referral.lastModDate) : null;
  const mayReturn =
    !access.isAdmin &&
    v.return === null &&
    acquiredAt !== null &&
    withinReturnWindow(acquiredAt, new Date());
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
      {v.notes.length > 0 && (
        <List dense aria-label="Notes">
          {v.notes.map((n) => (
            <ListItem key={n.id} disableGutters sx={{ display: 'block' }}>
              <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                {n.author} · {new Date(n.at).toLocaleString()}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {n.text}
              </Typography>
            </ListItem>
          ))}
        </List>
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
      {mayReturn && (
        <>
          <Button sx={{ mt: 1 }} variant="outlined" onClick={() => setReturning(true)}>
            Request return
          </Button>
          <ReturnDialog
            open={returning}
            busy={p.returning}
            onClose={() => setReturning(false)}
            onSubmit={p.requestReturn}
          />
        </>
      )}
      <Divider sx={{ mt: 1.5 }} />
    </Box>
  );
};
