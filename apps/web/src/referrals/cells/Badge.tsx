import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import type { ColourToken } from '@referrals/shared';
import { tokenBadge } from '../../theme/theme';

/** A small pill in a shared colour token, dark text on a light ground. */
export const Badge = ({
  colour,
  children,
}: {
  readonly colour: ColourToken;
  readonly children: ReactNode;
}) => (
  <Box
    component="span"
    sx={{
      display: 'inline-block',
      px: 1,
      borderRadius: 8,
      fontSize: 12,
      fontWeight: 700,
      lineHeight: '20px',
      bgcolor: tokenBadge(colour),
      color: '#1f2328',
    }}
  >
    {children}
  </Box>
);
