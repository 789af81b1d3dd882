import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  RETURN_NOTE_REQUIRED,
  RETURN_REASON_KEYS,
  RETURN_REASONS,
  type ReturnReason,
  type TimelineEntry,
} from '@referrals/shared';
import { NoteField } from './NoteField';
import { TimelineList } from './TimelineList';

/**
 * Asks why a referral is returned: a reason, a note (required with Other) and the evidence, the
 * referral's timeline pre-filled, every entry sent unless the agent unticks it. Entries are sent
 * by id and stored by the relay as it recorded them: the agent may leave some out, never reword
 * them (their own words go in the note). An entry added live while the dialog is open is
 * included too. `onSubmit` answers the relay's reason when it refuses (shown here), or null when
 * the request was made.
 */
export const ReturnDialog = ({
  timeline,
  busy,
  onClose,
  onSubmit,
}: {
  readonly timeline: readonly TimelineEntry[];
  /** True while a request is under way (the button is off). */
  readonly busy: boolean;
  readonly onClose: () => void;
  readonly onSubmit: (
    reason: ReturnReason,
    note: string,
    evidence: string[],
  ) => Promise<string | null>;
}) => {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [refused, setRefused] = useState<string | null>(null);
  const chosen = new Set(timeline.filter((e) => !left.has(e.id)).map((e) => e.id));
  const toggle = (id: string) =>
    setLeft((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const noteMissing = reason === 'other' && note.trim() === '';
  const submit = async () => {
    if (reason === '' || noteMissing) return;
    const error = await onSubmit(reason, note, [...chosen]);
    setRefused(error);
    if (error === null) onClose();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="return-title"
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <DialogTitle id="return-title">Request return</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start', pt: '8px !important' }}>
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
        <Box component="section" aria-labelledby="evidence-heading">
          <Typography id="evidence-heading" variant="subtitle2" component="h3">
            Evidence: {chosen.size} of {timeline.length} timeline{' '}
            {timeline.length === 1 ? 'entry' : 'entries'}
          </Typography>
          {timeline.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Nothing is recorded on this referral yet. Close this, log your contact attempts and
              notes under Progress, then ask; or explain in the note.
            </Typography>
          ) : (
            <>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                The admin sees the ticked entries as recorded, with their times. Untick what does
                not bear on the return.
              </Typography>
              <TimelineList entries={timeline} label="Evidence" chosen={chosen} onToggle={toggle} />
            </>
          )}
        </Box>
        {refused && <Alert severity="error">{refused}</Alert>}
      </DialogContent>
      <DialogActions>
        {reason === '' && (
          <Typography variant="caption" sx={{ color: 'text.secondary', mr: 'auto', pl: 1 }}>
            Choose a reason to send the request.
          </Typography>
        )}
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
