import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { useId } from 'react';
import { DATE_FILTER_LABELS, DATE_FILTERS, isDateFilter, type DateFilter } from '@referrals/shared';

/** A select of the five date filters (Last 24 Hours … Last 30 Days), named by its label. */
export const DateFilterSelect = ({
  label,
  value,
  onChange,
}: {
  readonly label: string;
  readonly value: DateFilter;
  readonly onChange: (value: DateFilter) => void;
}) => {
  const id = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 170 }}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select
        labelId={id}
        label={label}
        value={value}
        onChange={(e) => isDateFilter(e.target.value) && onChange(e.target.value)}
      >
        {DATE_FILTERS.map((f) => (
          <MenuItem key={f} value={f}>
            {DATE_FILTER_LABELS[f]}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
};
