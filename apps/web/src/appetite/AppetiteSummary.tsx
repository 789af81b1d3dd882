import { Box, Paper, Typography } from '@mui/material';
import { appetiteSummary, type RiskAppetite } from '@referrals/shared';

/** The marketplace's appetite as it stands, read-only: one labelled line each. */
export const AppetiteSummary = ({ appetite }: { readonly appetite: RiskAppetite }) => (
  <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="appetite-heading">
    <Typography id="appetite-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
      Appetite
    </Typography>
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
      Set by an administrator. Ask them to change states, lines or delivery times.
    </Typography>
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
      }}
    >
      {appetiteSummary(appetite).map((line) => (
        <Box key={line.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 } }}>
            {line.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {line.value}
          </Typography>
        </Box>
      ))}
    </Box>
  </Paper>
);
