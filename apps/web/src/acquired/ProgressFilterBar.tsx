import {
  Box,
  Checkbox,
  FormControlLabel,
  ListItemText,
  MenuItem,
  Switch,
  TextField,
} from '@mui/material';
import { PROGRESS_STATUS_DISPLAY, PROGRESS_STATUSES } from '@referrals/shared';
import type { ReactNode } from 'react';
import type { ProgressFilters } from './progressFilters';

/** The acquired list's progress filters (a multi-select and the 'Follow-up due' switch). */
export const ProgressFilterBar = ({
  filters,
  onChange,
  children,
}: {
  readonly filters: ProgressFilters;
  readonly onChange: (f: ProgressFilters) => void;
  /** Further actions at the bar's end (Export). */
  readonly children?: ReactNode;
}) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', my: 1 }}>
    <TextField
      select
      size="small"
      label="Progress"
      value={filters.progress}
      onChange={(e) => {
        const v = e.target.value as unknown as string[] | string;
        const chosen: readonly string[] = typeof v === 'string' ? v.split(',') : v;
        // The statuses in their own order, so the address is the same whatever the clicks.
        onChange({ ...filters, progress: PROGRESS_STATUSES.filter((s) => chosen.includes(s)) });
      }}
      sx={{ minWidth: 200 }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: () =>
            filters.progress.length === 0
              ? 'All'
              : filters.progress.map((s) => PROGRESS_STATUS_DISPLAY[s].label).join(', '),
        },
        inputLabel: { shrink: true },
      }}
    >
      {PROGRESS_STATUSES.map((s) => (
        <MenuItem key={s} value={s}>
          <Checkbox size="small" checked={filters.progress.includes(s)} />
          <ListItemText primary={PROGRESS_STATUS_DISPLAY[s].label} />
        </MenuItem>
      ))}
    </TextField>
    <FormControlLabel
      control={
        <Switch
          checked={filters.followUpDue}
          onChange={(e) => onChange({ ...filters, followUpDue: e.target.checked })}
        />
      }
      label="Follow-up due"
    />
    <Box sx={{ flexGrow: 1 }} />
    {children}
  </Box>
);
