import type { ReactNode } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import type { FieldName, MarketplaceForm } from '../formTypes';

/** A text field bound to the form, showing its error once touched or changed. */
export const TextInput = ({
  form,
  name,
  label,
  helperText,
  disabled,
  multiline,
  placeholder,
  end,
  onValue,
  type,
}: {
  readonly form: MarketplaceForm;
  readonly name: FieldName;
  readonly label: string;
  readonly helperText?: string;
  readonly disabled?: boolean;
  readonly multiline?: boolean;
  readonly placeholder?: string;
  /** Shown at the end of the input (a lookup spinner). */
  readonly end?: ReactNode;
  /** Called after each change with the new text (to start a lookup). */
  readonly onValue?: (text: string) => void;
  readonly type?: string;
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
        type={type}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(e) => {
          field.onChange(e.target.value);
          onValue?.(e.target.value);
        }}
        onBlur={field.onBlur}
        inputRef={field.ref}
        disabled={disabled}
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        placeholder={placeholder}
        error={fieldState.error !== undefined}
        helperText={fieldState.error?.message ?? helperText}
        slotProps={{
          input: end ? { endAdornment: <InputAdornment position="end">{end}</InputAdornment> } : {},
          htmlInput: type === 'time' ? { step: 1 } : {},
        }}
      />
    )}
  />
);
