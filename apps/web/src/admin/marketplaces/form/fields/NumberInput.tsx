import type { ReactNode } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import type { FieldName, MarketplaceForm } from '../formTypes';

const toNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * A number field bound to the form: empty is null (no bound, no limit). `digits` caps the typed
 * length; `whole` blocks decimal typing (the percent modifier).
 */
export const NumberInput = ({
  form,
  name,
  label,
  digits,
  whole,
  disabled,
  start,
  end,
  onValue,
}: {
  readonly form: MarketplaceForm;
  readonly name: FieldName;
  readonly label: string;
  readonly digits?: number;
  readonly whole?: boolean;
  readonly disabled?: boolean;
  readonly start?: ReactNode;
  readonly end?: ReactNode;
  readonly onValue?: (value: number | null) => void;
}) => (
  <Controller
    control={form.control}
    name={name}
    render={({ field, fieldState }) => (
      <TextField
        label={label}
        size="small"
        fullWidth
        type="number"
        value={typeof field.value === 'number' ? String(field.value) : ''}
        onKeyDown={(e) => {
          if (whole && (e.key === '.' || e.key === ',' || e.key === 'e')) e.preventDefault();
        }}
        onChange={(e) => {
          const text = e.target.value;
          if (digits !== undefined && text.replace(/\D/g, '').length > digits) return;
          const value = toNumber(text);
          field.onChange(value);
          onValue?.(value);
        }}
        onBlur={field.onBlur}
        inputRef={field.ref}
        disabled={disabled}
        error={fieldState.error !== undefined}
        helperText={fieldState.error?.message}
        slotProps={{
          input: {
            ...(start
              ? { startAdornment: <InputAdornment position="start">{start}</InputAdornment> }
              : {}),
            ...(end ? { endAdornment: <InputAdornment position="end">{end}</InputAdornment> } : {}),
          },
        }}
      />
    )}
  />
);
