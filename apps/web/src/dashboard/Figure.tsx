import { useId } from 'react';
import { Card, CardContent, Typography } from '@mui/material';

/**
 * One figure of the dashboard: a card named by its heading, so a screen reader (and a test) finds
 * "Open to you now" and reads the number beside it.
 */
export const Figure = ({
  label,
  value,
  note,
  level = 'h2',
}: {
  readonly label: string;
  readonly value: number | string;
  readonly note?: string;
  /** The heading level of the label: h3 inside a section that has its own h2. */
  readonly level?: 'h2' | 'h3';
}) => {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} variant="outlined" sx={{ flex: '1 1 12rem' }}>
      <CardContent>
        <Typography id={id} component={level} variant="subtitle2" color="text.secondary">
          {label}
        </Typography>
        <Typography component="p" variant="h4" data-figure="">
          {value}
        </Typography>
        {note ? (
          <Typography component="p" variant="caption" color="text.secondary">
            {note}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
};
