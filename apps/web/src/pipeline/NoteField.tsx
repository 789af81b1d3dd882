import { Box, TextField } from '@mui/material';
import { PIPELINE_NOTE_MAX } from '@referrals/shared';

const count = (n: number) => n.toLocaleString('en-US');

/** 'n / 2,000': what a note field shows under it. */
export const noteCounter = (text: string): string =>
  `${count(text.length)} / ${count(PIPELINE_NOTE_MAX)}`;

/**
 * A note or comment: multiline, with a counter, and no room past the relay's limit (typing stops
 * there and a paste is cut to it), so a note is never refused for its length after it was typed.
 */
export const NoteField = ({
  label,
  value,
  onChange,
  required,
  error,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly required?: boolean;
  /** What is wrong with it, shown under it beside the counter. */
  readonly error?: string | null;
}) => (
  <TextField
    size="small"
    label={label}
    multiline
    minRows={2}
    value={value}
    required={required}
    error={Boolean(error)}
    onChange={(e) => onChange(e.target.value.slice(0, PIPELINE_NOTE_MAX))}
    helperText={
      <Box component="span" sx={{ display: 'flex', gap: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {error ?? ''}
        </Box>
        <span>{noteCounter(value)}</span>
      </Box>
    }
    slotProps={{ htmlInput: { maxLength: PIPELINE_NOTE_MAX } }}
  />
);
