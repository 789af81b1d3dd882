import { useState } from 'react';
import {
  Button,
  CircularProgress,
  Stack,
  Switch,
  TableCell,
  TableRow,
  TextField,
} from '@mui/material';
import { ValidationError } from 'yup';
import {
  FEATURE_FLAG_TEXTS as T,
  featureFlagUpdateSchema,
  type FeatureFlag,
} from '@referrals/shared';

type Draft = Pick<FeatureFlag, 'name' | 'description'>;

/** The edit rules' messages by field, or none. */
const problems = (flag: FeatureFlag, draft: Draft): Partial<Record<keyof Draft, string>> => {
  try {
    featureFlagUpdateSchema.validateSync({ ...flag, ...draft }, { abortEarly: false });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return Object.fromEntries(err.inner.map((e) => [e.path ?? '', e.message]));
  }
};

/**
 * One flag: view mode with its Enabled switch (saving at once, a spinner while it does) and Edit;
 * edit mode with name and description inputs, Save (only when valid) and Cancel.
 */
export const FlagRow = ({
  flag,
  editing,
  saving,
  onEdit,
  onDone,
  onSave,
}: {
  readonly flag: FeatureFlag;
  readonly editing: boolean;
  readonly saving: boolean;
  readonly onEdit: () => void;
  readonly onDone: () => void;
  readonly onSave: (flag: FeatureFlag) => Promise<boolean>;
}) => {
  const [draft, setDraft] = useState<Draft>({ name: flag.name, description: flag.description });
  const errors = problems(flag, draft);
  const valid = Object.keys(errors).length === 0;
  const field = (key: keyof Draft, label: string) => (
    <TextField
      size="small"
      fullWidth
      value={draft[key]}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      error={errors[key] !== undefined}
      helperText={errors[key]}
      slotProps={{ htmlInput: { 'aria-label': label } }}
    />
  );
  return (
    <TableRow>
      <TableCell>{editing ? field('name', 'Name') : flag.name}</TableCell>
      <TableCell>{editing ? field('description', 'Description') : flag.description}</TableCell>
      <TableCell>
        {saving ? <CircularProgress size={20} aria-label={`Saving ${flag.name}`} /> : null}
        {editing || saving ? null : (
          <Switch
            checked={flag.enabled}
            onChange={(_e, on) => void onSave({ ...flag, enabled: on })}
            slotProps={{ input: { 'aria-label': `Enabled ${flag.name}` } }}
          />
        )}
      </TableCell>
      <TableCell>
        {editing ? (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              variant="contained"
              disabled={!valid || saving}
              onClick={() => void onSave({ ...flag, ...draft }).then((ok) => ok && onDone())}
            >
              {T.save}
            </Button>
            <Button size="small" onClick={onDone}>
              {T.cancel}
            </Button>
          </Stack>
        ) : (
          <Button
            size="small"
            onClick={() => {
              setDraft({ name: flag.name, description: flag.description });
              onEdit();
            }}
            aria-label={`${T.edit} ${flag.name}`}
          >
            {T.edit}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
};
