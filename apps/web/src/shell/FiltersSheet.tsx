import { useState, type ReactNode } from 'react';
import { Badge, Box, Button, Drawer, Typography } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';

/** The button's words: how many filters narrow the list ('Filters (2)'), none: 'Filters'. */
export const filtersLabel = (active: number): string =>
  active > 0 ? `Filters (${active})` : 'Filters';

/**
 * A phone's filters: one button that says how many filters are on and opens them in a sheet from
 * the bottom of the screen, so the list keeps the screen. The sheet closes with Done, Escape or a
 * tap outside; each change applies at once, as on a desk.
 */
export const FiltersSheet = ({
  active,
  children,
}: {
  /** How many filters differ from the list's defaults. */
  readonly active: number;
  readonly children: ReactNode;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={
          <Badge color="primary" variant="dot" invisible={active === 0}>
            <TuneIcon fontSize="small" />
          </Badge>
        }
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {filtersLabel(active)}
      </Button>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': 'Filters',
            sx: { borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '85dvh' },
          },
        }}
      >
        <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h2">
            Filters
          </Typography>
          {children}
          <Button variant="contained" fullWidth onClick={() => setOpen(false)}>
            Done
          </Button>
        </Box>
      </Drawer>
    </>
  );
};
