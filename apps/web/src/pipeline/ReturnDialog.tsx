import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import {
  RETURN_NOTE_REQUIRED,
  RETURN_REASON_KEYS,
  RETURN_REASONS,
  type ReturnReason,
} from '@referrals/shared';
import { NoteField } from './NoteField';

/**
 * Asks why a referral is returned: a reason, and a note (required with Other). `onSubmit` answers
 * the relay's reason when it refuses (shown here), or null when the request was made.
 */
export const ReturnDialog = ({
  open,
  busy,
  onClose,
  onSubmit,
}: {
  readonly open: boolean;
  /** True while a request is under way (the button is off). */
  readonly busy: boolean;
  readonly onClose: () => void;
  readonly onSubmit: (reason: ReturnReason, note: string) => Promise<string | null>;
}) => {
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const noteMissing = reason === 'other' && note.trim() === '';
  const submit = async () => {
    if (reason === '' || noteMissing) return;
    const error = await onSubmit(reason, note);
    setRefused(error);
    if (error === null) onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="return-title" fullWidth maxWidth="xs">
      <DialogTitle id="return-title">Request return</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          select
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value as ReturnReason)}
        >
          {RETURN_REASON_KEYS.map((k) => (
            <MenuItem key={k} value={k}>
              {RETURN_REASONS[k]}
            </MenuItem>
          ))}
        </TextField>
        <NoteField
          label="Note"
          value={note}
          onChange={setNote}
          required={reason === 'other'}
          error={noteMissing ? RETURN_NOTE_REQUIRED : null}
        />
        {refused && <Alert severity="error">{refused}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={busy || reason === '' || noteMissing}
          onClick={() => void submit()}
        >
          Request return
        </Button>
      </DialogActions>
    </Dialog>
  );
};
