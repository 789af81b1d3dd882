import { FormControlLabel, Switch } from '@mui/material';
import { Controller } from 'react-hook-form';
import type { FieldName, MarketplaceForm } from '../formTypes';

/** A boolean field as a labelled switch; `onToggle` replaces the plain write (for transitions). */
export const SwitchField = ({
  form,
  name,
  label,
  disabled,
  onToggle,
}: {
  readonly form: MarketplaceForm;
  readonly name: FieldName;
  readonly label: string;
  readonly disabled?: boolean;
  readonly onToggle?: (on: boolean) => void;
}) => (
  <Controller
    control={form.control}
    name={name}
    render={({ field }) => (
      <FormControlLabel
        data-field={name}
        label={label}
        disabled={disabled}
        control={
          <Switch
            checked={field.value === true}
            onChange={(_e, on) => (onToggle ? onToggle(on) : field.onChange(on))}
            onBlur={field.onBlur}
          />
        }
      />
    )}
  />
);
