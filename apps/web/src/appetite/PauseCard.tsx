import { useState } from 'react';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { pauseProblems, pauseText } from '@referrals/shared';
import { useNow, useViewerTimeZone } from '../time/clock';
import { fromLocalInput } from './localTime';
import type { ChangeCardProps } from './useMyMarketplace';

/** What the pause button waits for, or null when it may be pressed. */
const waitingFor = (until: string | null, problems: readonly string[]): string | null => {
  if (until === null) return 'Choose when the pause ends.';
  return problems[0] ?? null;
};

/**
 * The pause: the window in force or planned, and (for the agency's admin) a pause now or over a
 * date range, or ending the one set.
 */
export const PauseCard = ({ m, saving, onSave }: ChangeCardProps) => {
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const now = useNow().getTime();
  const held = pauseText(m.selfServe.pause, now, useViewerTimeZone());
  const untilIso = fromLocalInput(until);
  const fromIso = fromLocalInput(from) ?? new Date(now).toISOString();
  const problems = untilIso ? pauseProblems({ from: fromIso, until: untilIso }, now) : [];
  const waiting = waitingFor(untilIso, problems);
  const pause = async () => {
    if (!untilIso) return;
    if (await onSave({ pause: { from: fromIso, until: untilIso } })) {
      setFrom('');
      setUntil('');
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="pause-heading">
      <Typography id="pause-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Pause
      </Typography>
      {held ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            m.canChange ? (
              <Button
                color="inherit"
                size="small"
                disabled={saving}
                onClick={() => void onSave({ pause: null })}
              >
                {m.selfServe.pause?.active ? 'End pause' : 'Cancel pause'}
              </Button>
            ) : undefined
          }
        >
          {held}
        </Alert>
      ) : (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {m.enabled
            ? 'Referrals are being delivered.'
            : 'Switched off by an administrator: no referrals are delivered.'}
        </Typography>
      )}
      {m.canChange && held ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          A new pause replaces this one.
        </Typography>
      ) : null}
      {m.canChange ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label="From"
            type="datetime-local"
            size="small"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            helperText="Blank: now"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Until"
            type="datetime-local"
            size="small"
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            required
            error={problems.length > 0}
            helperText={waiting ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            variant="contained"
            disabled={saving || waiting !== null}
            onClick={() => void pause()}
            sx={{ mt: { sm: 0.25 } }}
          >
            {from === '' ? 'Pause now' : 'Schedule pause'}
          </Button>
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Only your agency&apos;s admin can pause the marketplace.
        </Typography>
      )}
    </Paper>
  );
};
