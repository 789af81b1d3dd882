import { Box, Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { Controller } from 'react-hook-form';
import type { FieldName, MarketplaceForm } from '../formTypes';

/** One checkbox of a grid: its value and label. */
export interface GridOption {
  readonly value: string;
  readonly label: string;
  readonly disabled?: boolean;
}

/** A list-of-strings field as a grid of checkboxes with `columns` columns. */
export const CheckboxGrid = ({
  form,
  name,
  options,
  columns,
  label,
}: {
  readonly form: MarketplaceForm;
  readonly name: FieldName;
  readonly options: readonly GridOption[];
  readonly columns: number;
  readonly label: string;
}) => (
  <Controller
    control={form.control}
    name={name}
    render={({ field, fieldState }) => {
      const current = Array.isArray(field.value) ? (field.value as string[]) : [];
      const checked = new Set(current);
      // The stored order is kept (an untouched entry is sent back where it was); a new one goes last.
      const toggle = (value: string, on: boolean) => {
        const rest = current.filter((v) => v !== value);
        field.onChange(on ? [...rest, value] : rest);
        field.onBlur();
      };
      return (
        <Box role="group" aria-label={label}>
          <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
            {options.map((o) => (
              <FormControlLabel
                key={o.value}
                label={o.label}
                disabled={o.disabled}
                control={
                  <Checkbox
                    size="small"
                    checked={checked.has(o.value)}
                    onChange={(_e, on) => toggle(o.value, on)}
                  />
                }
              />
            ))}
          </Box>
          {fieldState.error ? (
            <FormHelperText error>{fieldState.error.message}</FormHelperText>
          ) : null}
        </Box>
      );
    }}
  />
);
