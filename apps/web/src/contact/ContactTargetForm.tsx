import { useState } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { CONTACT_TARGET } from '@referrals/shared';
import { useContactTarget } from './useContactTarget';

/**
 * The agency's contact target: shown to its agents, changed by its admin (whole minutes, 1 to
 * 240). A refused change shows the relay's reason and keeps what was typed.
 */
export const ContactTargetForm = () => {
  const t = useContactTarget();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!t.target) return null;
  const save = async () => {
    const reason = await t.save(Number(draft));
    setError(reason);
    if (reason === null) setDraft(null);
  };
  if (draft === null)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">
          Contact target: <strong>{t.minutes} min</strong> from the claim
        </Typography>
        {t.target.canChange && (
          <Button size="small" onClick={() => setDraft(String(t.minutes))}>
            Change target
          </Button>
        )}
      </Stack>
    );
  return (
    <Stack
      component="form"
      // The relay's reason is shown for an out-of-range target, not the browser's bubble.
      noValidate
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <TextField
        size="small"
        type="number"
        label="Contact target (minutes)"
        sx={{ width: { xs: '100%', sm: '16rem' } }}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        error={error !== null}
        helperText={
          error ?? `Whole minutes, ${CONTACT_TARGET.minMinutes} to ${CONTACT_TARGET.maxMinutes}`
        }
        slotProps={{
          htmlInput: { min: CONTACT_TARGET.minMinutes, max: CONTACT_TARGET.maxMinutes },
        }}
      />
      <Button type="submit" variant="contained" size="small" disabled={t.saving} sx={{ mt: 0.5 }}>
        Save target
      </Button>
      <Button
        size="small"
        sx={{ mt: 0.5 }}
        onClick={() => {
          setDraft(null);
          setError(null);
        }}
      >
        Cancel
      </Button>
    </Stack>
  );
};
