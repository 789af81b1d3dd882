import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { RETURN_REASONS, type ReturnRequest } from '@referrals/shared';
import { NoteField } from '../../pipeline/NoteField';
import { TimelineList } from '../../pipeline/TimelineList';

/**
 * Approves or denies a return, with the agency's reason and the evidence it sent in view; the
 * comment is required either way.
 */
export const DecisionDialog = ({
  request,
  approve,
  busy,
  onClose,
  onDecide,
}: {
  readonly request: ReturnRequest;
  readonly approve: boolean;
  /** True while this return's decision is under way (the button is off). */
  readonly busy: boolean;
  readonly onClose: () => void;
  readonly onDecide: (comment: string) => Promise<boolean>;
}) => {
  const [comment, setComment] = useState('');
  const verb = approve ? 'Approve' : 'Deny';
  const submit = async () => {
    if (await onDecide(comment)) onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="decision-title" fullWidth maxWidth="xs">
      <DialogTitle id="decision-title">
        {verb} the return of referral #{request.referralId}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText component="div">
          <strong>{RETURN_REASONS[request.reason]}</strong>
          {request.note ? `: ${request.note}` : ''}
        </DialogContentText>
        {request.evidence && request.evidence.length > 0 && (
          <div>
            <Typography variant="subtitle2" component="h3">
              Evidence sent
            </Typography>
            <TimelineList entries={request.evidence} label="Evidence sent" />
          </div>
        )}
        <DialogContentText>
          {approve
            ? 'The agency is credited with the sold price.'
            : 'The agency keeps the referral and is not credited.'}
        </DialogContentText>
        <NoteField label="Comment" required value={comment} onChange={setComment} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color={approve ? 'primary' : 'error'}
          disabled={busy || comment.trim() === ''}
          onClick={() => void submit()}
        >
          {verb}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
