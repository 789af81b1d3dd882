import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { Controller } from 'react-hook-form';
import type { FieldName, MarketplaceForm } from '../formTypes';

/** A choice field as a row of radios; `onPick` replaces the plain write (for transitions). */
export const RadioField = ({
  form,
  name,
  label,
  options,
  onPick,
}: {
  readonly form: MarketplaceForm;
  readonly name: FieldName;
  readonly label: string;
  readonly options: readonly { value: string; label: string; disabled?: boolean }[];
  readonly onPick?: (value: string) => void;
}) => (
  <Controller
    control={form.control}
    name={name}
    render={({ field }) => (
      <FormControl data-field={name}>
        <FormLabel>{label}</FormLabel>
        <RadioGroup
          row
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(_e, v) => (onPick ? onPick(v) : field.onChange(v))}
        >
          {options.map((o) => (
            <FormControlLabel
              key={o.value}
              value={o.value}
              label={o.label}
              disabled={o.disabled}
              control={<Radio size="small" />}
            />
          ))}
        </RadioGroup>
      </FormControl>
    )}
  />
);
