import { useState } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { PROGRESS_STATUS_DISPLAY, PROGRESS_STATUSES, type ProgressStatus } from '@referrals/shared';
import type { PipelineEdit } from './usePipeline';
import type { PipelineView } from './pipelineView';
import { ProgressLabel } from './ProgressLabel';

/**
 * The status, follow-up and new note of a pipeline, started from the version read. The panel
 * mounts a new form for each version, so a colleague's save replaces what is shown.
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
  const [status, setStatus] = useState<ProgressStatus>(view.status);
  const [followUpOn, setFollowUpOn] = useState(view.followUpOn ?? '');
  const [note, setNote] = useState('');
  const changed =
    status !== view.status || followUpOn !== (view.followUpOn ?? '') || note.trim() !== '';
  const save = async () => {
    if (await onSave({ status, followUpOn: followUpOn === '' ? null : followUpOn, note }))
      setNote('');
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
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        label="Add note"
        multiline
        minRows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" disabled={!changed || saving} onClick={() => void save()}>
          Save
        </Button>
      </Stack>
    </Stack>
  );
};
