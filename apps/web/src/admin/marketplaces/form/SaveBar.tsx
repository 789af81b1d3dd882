import { Box, Button, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { focusField } from './focusField';
import type { FormProblems } from './useFormProblems';

/** The words of the bar. */
export const SAVE_BAR_TEXTS = {
  save: 'Save Marketplace',
  discard: 'Discard Changes',
  fixFirst: 'To save, fix:',
  noChanges: 'No changes to save.',
} as const;

const PROBLEMS_ID = 'save-problems';

/**
 * Save and Discard, pinned to the bottom of the screen on a long form, and beside a disabled Save
 * why it is disabled: each problem the shared schema finds, as a link to its field.
 */
export const SaveBar = ({
  found,
  dirty,
  saving,
  onDiscard,
}: {
  readonly found: FormProblems;
  readonly dirty: boolean;
  readonly saving: boolean;
  readonly onDiscard: () => void;
}) => {
  const { checked, problems } = found;
  const valid = checked && problems.length === 0;
  const waiting = !saving && checked && (problems.length > 0 || !dirty);
  return (
    <Paper
      elevation={3}
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        mt: 2,
        p: 1.5,
        maxHeight: '40vh',
        overflowY: 'auto',
      }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={!dirty || !valid || saving}
          aria-describedby={waiting ? PROBLEMS_ID : undefined}
          startIcon={
            saving ? <CircularProgress size={16} color="inherit" aria-label="Saving" /> : undefined
          }
        >
          {SAVE_BAR_TEXTS.save}
        </Button>
        <Button variant="outlined" disabled={!dirty || saving} onClick={onDiscard}>
          {SAVE_BAR_TEXTS.discard}
        </Button>
        {waiting && problems.length === 0 ? (
          <Typography id={PROBLEMS_ID} variant="body2" color="text.secondary">
            {SAVE_BAR_TEXTS.noChanges}
          </Typography>
        ) : null}
      </Stack>
      {waiting && problems.length > 0 ? (
        <Box id={PROBLEMS_ID} sx={{ mt: 1 }}>
          <Typography variant="body2" component="h2" sx={{ fontWeight: 600 }}>
            {SAVE_BAR_TEXTS.fixFirst}
          </Typography>
          <Box component="ul" aria-label="What to fix" sx={{ m: 0, pl: 2.5 }}>
            {problems.map((p) => (
              <li key={p.field || p.message}>
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  color="error"
                  sx={{ textAlign: 'left' }}
                  onClick={() => focusField(p.field)}
                >
                  {p.message}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
    </Paper>
  );
};
