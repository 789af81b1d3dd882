import type { ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';

/** One numbered section of the form, headed and labelled for assistive technology. */
export const Section = ({
  id,
  title,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}) => (
  <Paper
    component="section"
    variant="outlined"
    aria-labelledby={`${id}-title`}
    sx={{ p: 2, mb: 2 }}
  >
    <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);
