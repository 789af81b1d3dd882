import { useState } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import {
  CONTACT_ATTEMPT_KEYS,
  CONTACT_ATTEMPTS,
  PROGRESS_STATUS_DISPLAY,
  PROGRESS_STATUSES,
  type ContactAttempt,
  type ProgressStatus,
} from '@referrals/shared';
import type { PipelineEdit } from './usePipeline';
import type { PipelineView } from './pipelineView';
import { NoteField } from './NoteField';
import { ProgressLabel } from './ProgressLabel';

/** Under a follow-up day before today: allowed (a call that was due), but said. */
export const PAST_FOLLOW_UP = 'This day is in the past. You can still save it.';

const pad = (n: number) => String(n).padStart(2, '0');
/** Today as the user's calendar reads it (YYYY-MM-DD). */
const today = (now = new Date()) =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/**
 * The status, follow-up, a contact attempt to log (stamped with the save's time) and a new note
 * of a pipeline. A newer version (a colleague's save, or the
 * one a refused save read) shows its status and follow-up, as the refusal says ("their changes
 * are shown"), while the note being typed stays: a refused save loses no text.
 */
export const PipelineForm = ({
  view,
  saving,
  onSave,
}: {
  readonly view: PipelineView;
  readonly saving: boolean;
  readonly onSave: (edit: PipelineEdit) => Promise<boolean>;
}) => {
  const [base, setBase] = useState(view);
  const [status, setStatus] = useState<ProgressStatus>(view.status);
  const [followUpOn, setFollowUpOn] = useState(view.followUpOn ?? '');
  const [note, setNote] = useState('');
  const [contact, setContact] = useState<ContactAttempt | ''>('');
  if (view.version !== base.version) {
    setBase(view);
    setStatus(view.status);
    setFollowUpOn(view.followUpOn ?? '');
  }
  const changed =
    status !== view.status ||
    followUpOn !== (view.followUpOn ?? '') ||
    note.trim() !== '' ||
    contact !== '';
  const past = followUpOn !== '' && followUpOn < today();
  const save = async () => {
    const edit = {
      status,
      followUpOn: followUpOn === '' ? null : followUpOn,
      note,
      contact: contact === '' ? null : contact,
    };
    if (await onSave(edit)) {
      setNote('');
      setContact('');
    }
  };
  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      <TextField
        select
        size="small"
        label="Progress"
        value={status}
        onChange={(e) => setStatus(e.target.value as ProgressStatus)}
        slotProps={{
          select: { renderValue: (v) => <ProgressLabel status={v as ProgressStatus} /> },
        }}
      >
        {PROGRESS_STATUSES.map((s) => (
          <MenuItem key={s} value={s} aria-label={PROGRESS_STATUS_DISPLAY[s].label}>
            <ProgressLabel status={s} />
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="date"
        label="Follow-up"
        value={followUpOn}
        onChange={(e) => setFollowUpOn(e.target.value)}
        helperText={past ? PAST_FOLLOW_UP : undefined}
        slotProps={{
          inputLabel: { shrink: true },
          formHelperText: { sx: { color: 'warning.main' } },
        }}
      />
      <TextField
        select
        size="small"
        label="Log contact attempt"
        value={contact}
        onChange={(e) => setContact(e.target.value as ContactAttempt | '')}
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {CONTACT_ATTEMPT_KEYS.map((k) => (
          <MenuItem key={k} value={k}>
            {CONTACT_ATTEMPTS[k]}
          </MenuItem>
        ))}
      </TextField>
      <NoteField label="Add note" value={note} onChange={setNote} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" disabled={!changed || saving} onClick={() => void save()}>
          Save
        </Button>
      </Stack>
    </Stack>
  );
};
