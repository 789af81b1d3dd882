import { Alert, Button } from '@mui/material';
import type { SaveProblem } from './useFormSave';

/** Why the last save was refused: someone else saved first (409), or the relay's field messages (400). */
export const SaveProblems = ({
  problem,
  onReload,
}: {
  readonly problem: SaveProblem;
  readonly onReload: () => void;
}) => (
  <>
    {problem.conflict ? (
      <Alert
        severity="warning"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={onReload}>
            Reload
          </Button>
        }
      >
        {problem.conflict} Your changes were not saved.
      </Alert>
    ) : null}
    {problem.invalid.length > 0 ? (
      <Alert severity="error" sx={{ mb: 2 }}>
        The server refused the marketplace:
        <ul style={{ margin: 0 }}>
          {problem.invalid.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      </Alert>
    ) : null}
  </>
);
