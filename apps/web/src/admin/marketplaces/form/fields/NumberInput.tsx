import type { ReactNode } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import type { FieldName, MarketplaceForm } from '../formTypes';

const toNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** Digits typed after the decimal point. */
const decimalsOf = (text: string): number => text.split(/[.,]/)[1]?.length ?? 0;

/**
 * A number field bound to the form: empty is null (no bound, no limit). `digits` caps the typed
 * length, `decimals` the digits after the point (the percent modifier keeps two).
 */
export const NumberInput = ({
  form,
  name,
  label,
  digits,
  decimals,
  disabled,
  start,
  end,
  onValue,
}: {
  readonly form: MarketplaceForm;
  readonly name: FieldName;
  readonly label: string;
  readonly digits?: number;
  readonly decimals?: number;
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
        data-field={name}
        label={label}
        size="small"
        fullWidth
        type="number"
        value={typeof field.value === 'number' ? String(field.value) : ''}
        onChange={(e) => {
          const text = e.target.value;
          if (digits !== undefined && text.replace(/\D/g, '').length > digits) return;
          if (decimals !== undefined && decimalsOf(text) > decimals) return;
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
