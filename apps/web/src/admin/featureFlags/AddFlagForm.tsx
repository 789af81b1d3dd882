import { Box, Button, FormControlLabel, Paper, Stack, Switch, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import {
  FEATURE_FLAG_TEXTS as T,
  featureFlagCreateSchema,
  newFeatureFlagDefaults,
  type FeatureFlagCreate,
} from '@referrals/shared';

/**
 * The add form: Name, Description, Enabled; errors once a field is touched or changed; Submit only
 * when changed, valid and nothing is loading. It opens empty and disabled (remounted on open).
 */
export const AddFlagForm = ({
  busy,
  onSubmit,
  onCancel,
}: {
  readonly busy: boolean;
  readonly onSubmit: (values: FeatureFlagCreate) => Promise<boolean>;
  readonly onCancel: () => void;
}) => {
  const form = useForm<FeatureFlagCreate>({
    resolver: yupResolver(featureFlagCreateSchema),
    mode: 'all',
    defaultValues: newFeatureFlagDefaults(),
  });
  const { isDirty, isValid, isSubmitting } = form.formState;
  const text = (name: 'name' | 'description', label: string, placeholder: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={label}
          placeholder={placeholder}
          size="small"
          fullWidth
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box
        component="form"
        aria-label="Add feature flag"
        noValidate
        onSubmit={(e) => void form.handleSubmit(async (v) => void (await onSubmit(v)))(e)}
      >
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: 'flex-start' }}
        >
          {text('name', 'Name', T.namePlaceholder)}
          {text('description', 'Description', T.descriptionPlaceholder)}
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <FormControlLabel
                label="Enabled"
                control={<Switch checked={field.value} onChange={(_e, on) => field.onChange(on)} />}
              />
            )}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={!isDirty || !isValid || busy || isSubmitting}
          >
            {T.submit}
          </Button>
          <Button onClick={onCancel}>{T.cancel}</Button>
        </Stack>
      </Box>
    </Paper>
  );
};
