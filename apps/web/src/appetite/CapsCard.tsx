import { useState } from 'react';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { capProblems } from '@referrals/shared';
import type { ChangeCardProps } from './useMyMarketplace';

const asText = (n: number | null) => (n === null ? '' : String(n));
const asCap = (s: string): number => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : NaN);

/** The helper of a cap field: its bound, or why it cannot be set. */
const boundText = (bound: number | null, canChange: boolean): string => {
  if (!canChange) return "Only your agency's admin can change it.";
  return bound === null ? 'An administrator has not allowed you to set it.' : `At most ${bound}.`;
};

/** The daily and weekly caps, which the agency's admin may set within an admin's bounds. */
export const CapsCard = ({ m, saving, onSave }: ChangeCardProps) => {
  const { maxReferralsPerDay, maxReferralsPerWeek } = m.riskAppetite;
  const { bounds } = m.selfServe;
  const [day, setDay] = useState(asText(maxReferralsPerDay));
  const [week, setWeek] = useState(asText(maxReferralsPerWeek));
  const caps = { maxPerDay: asCap(day), maxPerWeek: asCap(week) };
  const numeric = Number.isInteger(caps.maxPerDay) && Number.isInteger(caps.maxPerWeek);
  const problems = numeric
    ? capProblems(caps, bounds).concat(
        caps.maxPerDay < 1 || caps.maxPerWeek < 1 ? ['Each cap must be at least 1.'] : [],
      )
    : ['Each cap must be a whole number.'];
  const unchanged = day === asText(maxReferralsPerDay) && week === asText(maxReferralsPerWeek);
  const settable = m.canChange && bounds.maxPerDay !== null && bounds.maxPerWeek !== null;
  const waiting = !settable ? null : unchanged ? 'Change a cap to save it.' : (problems[0] ?? null);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="caps-heading">
      <Typography id="caps-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Caps
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="Daily cap"
          size="small"
          value={day}
          onChange={(e) => setDay(e.target.value)}
          disabled={!m.canChange || bounds.maxPerDay === null}
          helperText={boundText(bounds.maxPerDay, m.canChange)}
          placeholder="No limit"
          slotProps={{
            htmlInput: { inputMode: 'numeric' },
            inputLabel: { shrink: true },
            // The reason a field is locked must stay readable (a disabled grey fails contrast).
            formHelperText: { disabled: false },
          }}
        />
        <TextField
          label="Weekly cap"
          size="small"
          value={week}
          onChange={(e) => setWeek(e.target.value)}
          disabled={!m.canChange || bounds.maxPerWeek === null}
          helperText={boundText(bounds.maxPerWeek, m.canChange)}
          placeholder="No limit"
          slotProps={{
            htmlInput: { inputMode: 'numeric' },
            inputLabel: { shrink: true },
            // The reason a field is locked must stay readable (a disabled grey fails contrast).
            formHelperText: { disabled: false },
          }}
        />
        {settable ? (
          <Button
            variant="outlined"
            disabled={saving || waiting !== null}
            onClick={() => void onSave({ caps })}
            sx={{ mt: { sm: 0.25 } }}
          >
            Save caps
          </Button>
        ) : null}
      </Stack>
      {settable && waiting ? (
        <Typography
          variant="body2"
          color={unchanged ? 'text.secondary' : 'error'}
          role="status"
          sx={{ mt: 1 }}
        >
          {waiting}
        </Typography>
      ) : null}
    </Paper>
  );
};
