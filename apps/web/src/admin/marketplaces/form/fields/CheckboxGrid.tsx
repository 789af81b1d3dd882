import { Box, Button, Checkbox, FormControlLabel, FormHelperText, Stack } from '@mui/material';
import { Controller } from 'react-hook-form';
import type { FieldName, MarketplaceForm } from '../formTypes';

/** One checkbox of a grid: its value and label. */
export interface GridOption {
  readonly value: string;
  readonly label: string;
  readonly disabled?: boolean;
}

/** What Select all and Select none leave checked: the disabled boxes keep their state. */
export const gridSelection = (
  current: readonly string[],
  options: readonly GridOption[],
  all: boolean,
): string[] => {
  const locked = new Set(options.filter((o) => o.disabled).map((o) => o.value));
  const kept = current.filter((v) => locked.has(v) || all);
  const added = all
    ? options.filter((o) => !o.disabled && !current.includes(o.value)).map((o) => o.value)
    : [];
  return [...kept, ...added];
};

/**
 * A list-of-strings field as a grid of checkboxes with `columns` columns on a desk (fewer on a
 * phone, so labels never push the form wider than the screen), with Select all and Select none.
 */
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
      const write = (next: string[]) => {
        field.onChange(next);
        field.onBlur();
      };
      // The stored order is kept (an untouched entry is sent back where it was); a new one goes last.
      const toggle = (value: string, on: boolean) => {
        const rest = current.filter((v) => v !== value);
        write(on ? [...rest, value] : rest);
      };
      const grid = (n: number) => `repeat(${Math.min(n, columns)}, minmax(0, 1fr))`;
      return (
        <Box role="group" aria-label={label} data-field={name}>
          <Stack direction="row" spacing={1} sx={{ mb: 0.5 }}>
            <Button
              size="small"
              aria-label={`Select all ${label}`}
              onClick={() => write(gridSelection(current, options, true))}
            >
              Select all
            </Button>
            <Button
              size="small"
              aria-label={`Select none of ${label}`}
              onClick={() => write(gridSelection(current, options, false))}
            >
              Select none
            </Button>
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: grid(2), sm: grid(3), md: grid(columns) },
            }}
          >
            {options.map((o) => (
              <FormControlLabel
                key={o.value}
                label={o.label}
                disabled={o.disabled}
                sx={{
                  minWidth: 0,
                  mr: 1,
                  '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' },
                }}
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
