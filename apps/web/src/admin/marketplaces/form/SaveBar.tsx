import { Box, Button, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { useCompactLayout } from '../../../shell/useCompactLayout';
import { tokenColour } from '../../../theme/theme';
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
  const compact = useCompactLayout();
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
        px: { xs: 1, sm: 1.5 },
        py: 1,
        maxHeight: '40vh',
        overflowY: 'auto',
      }}
    >
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          size={compact ? 'small' : 'medium'}
          disabled={!dirty || !valid || saving}
          aria-describedby={waiting ? PROBLEMS_ID : undefined}
          startIcon={
            saving ? <CircularProgress size={16} color="inherit" aria-label="Saving" /> : undefined
          }
        >
          {SAVE_BAR_TEXTS.save}
        </Button>
        <Button
          variant="outlined"
          size={compact ? 'small' : 'medium'}
          disabled={!dirty || saving}
          onClick={onDiscard}
        >
          {SAVE_BAR_TEXTS.discard}
        </Button>
        {waiting && problems.length === 0 ? (
          <Typography id={PROBLEMS_ID} variant="body2" color="text.secondary">
            {SAVE_BAR_TEXTS.noChanges}
          </Typography>
        ) : null}
      </Stack>
      {waiting && problems.length > 0 ? (
        <Box id={PROBLEMS_ID} sx={{ mt: 0.5, display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
          <Typography variant="body2" component="h2" sx={{ fontWeight: 600 }}>
            {SAVE_BAR_TEXTS.fixFirst}
          </Typography>
          <Box
            component="ul"
            aria-label="What to fix"
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              display: 'flex',
              flexWrap: 'wrap',
              flexDirection: { xs: 'column', md: 'row' },
              columnGap: 2,
            }}
          >
            {problems.map((p) => (
              <li key={p.field || p.message}>
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  sx={(t) => ({ textAlign: 'left', color: tokenColour(t, 'red') })}
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
