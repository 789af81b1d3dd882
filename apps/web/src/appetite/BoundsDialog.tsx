import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { SELF_CAP_MAX, type SelfServeBounds } from '@referrals/shared';

const asText = (n: number | null) => (n === null ? '' : String(n));

/** A bound as typed: blank is none; anything else must be a whole number from 1. */
const parse = (s: string): number | null | 'bad' => {
  const t = s.trim();
  if (t === '') return null;
  if (!/^\d+$/.test(t)) return 'bad';
  const n = Number(t);
  return n >= 1 && n <= SELF_CAP_MAX ? n : 'bad';
};

/**
 * The bounds within which a marketplace's agency may set its own daily and weekly caps (blank:
 * the agency may not set that cap). Opened from a row of the Marketplaces list.
 */
export const BoundsDialog = ({
  name,
  bounds,
  saving,
  onSave,
  onClose,
}: {
  readonly name: string;
  readonly bounds: SelfServeBounds;
  readonly saving: boolean;
  readonly onSave: (b: SelfServeBounds) => Promise<boolean>;
  readonly onClose: () => void;
}) => {
  const [day, setDay] = useState(asText(bounds.maxPerDay));
  const [week, setWeek] = useState(asText(bounds.maxPerWeek));
  const d = parse(day);
  const w = parse(week);
  const help = `Blank: the agency may not set it. Otherwise 1 to ${SELF_CAP_MAX}.`;
  const save = async () => {
    if (d === 'bad' || w === 'bad') return;
    if (await onSave({ maxPerDay: d, maxPerWeek: w })) onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="bounds-title" fullWidth maxWidth="xs">
      <DialogTitle id="bounds-title">Agency cap bounds: {name}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          The agency&apos;s admin may set its own daily and weekly caps up to these bounds.
        </Typography>
        <Stack spacing={2}>
          <TextField
            label="Highest daily cap"
            size="small"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            error={d === 'bad'}
            helperText={help}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label="Highest weekly cap"
            size="small"
            value={week}
            onChange={(e) => setWeek(e.target.value)}
            error={w === 'bad'}
            helperText={help}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={saving || d === 'bad' || w === 'bad'}
          onClick={() => void save()}
        >
          Save bounds
        </Button>
      </DialogActions>
    </Dialog>
  );
};
