import { useId } from 'react';
import {
  Alert,
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  CONTACT_SPEEDS,
  durationText,
  type ContactSpeedFigures,
  type DateFilter,
} from '@referrals/shared';
import { useSession } from '../app/useSession';
import { formatRate } from '../dashboard/conversionRows';
import { ContactTargetForm } from './ContactTargetForm';
import { useContactSpeed } from './useContactSpeed';

/** Names of the part and its tables (tests and screen readers find them by these). */
export const SPEED_LABELS = {
  heading: 'Speed to contact',
  producers: 'Median time to contact by producer',
  speeds: 'Bound rate by contact speed',
} as const;

const cellSx = { '& th, & td': { whiteSpace: 'nowrap' } } as const;

const Producers = ({ f, id }: { readonly f: ContactSpeedFigures; readonly id: string }) => (
  <Box component="section" aria-labelledby={id} sx={{ flex: '1 1 22rem', minWidth: 0 }}>
    <Typography id={id} component="h4" variant="subtitle2" sx={{ mb: 0.5 }}>
      {SPEED_LABELS.producers}
    </Typography>
    <Table size="small" aria-labelledby={id} sx={cellSx}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Producer
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            Median
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            Contacted
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {f.byProducer.map((p) => (
          <TableRow key={p.producer}>
            <TableCell component="th" scope="row">
              {p.producer === 'unknown' ? 'Assigned upstream' : p.producer}
            </TableCell>
            <TableCell align="right">
              {p.medianMs === null ? '—' : durationText(p.medianMs)}
            </TableCell>
            <TableCell align="right">{`${p.contacted} of ${p.claimed}`}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Box>
);

const Speeds = ({ f, id }: { readonly f: ContactSpeedFigures; readonly id: string }) => (
  <Box component="section" aria-labelledby={id} sx={{ flex: '1 1 22rem', minWidth: 0 }}>
    <Typography id={id} component="h4" variant="subtitle2" sx={{ mb: 0.5 }}>
      {SPEED_LABELS.speeds}
    </Typography>
    <Table size="small" aria-labelledby={id} sx={cellSx}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            First contact
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            Referrals
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            Bound
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {f.bySpeed.map((g) => (
          <TableRow key={g.speed}>
            <TableCell component="th" scope="row">
              {CONTACT_SPEEDS[g.speed]}
            </TableCell>
            <TableCell align="right">{g.referrals}</TableCell>
            <TableCell align="right">{`${g.bound} (${formatRate(g.boundRate)})`}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Box>
);

/**
 * The conversion section's speed: each producer's median time from claim to first contact, and
 * the bound rate by how fast the first contact came; with the agency's target (its admin changes
 * it here). Read again live as progress and purchases change.
 */
export const ContactSpeed = ({ dateFilter }: { readonly dateFilter: DateFilter }) => {
  const id = useId();
  const { access } = useSession();
  const state = useContactSpeed(dateFilter);
  if (state.status === 'hidden' || state.status === 'loading') return null;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography id={id} component="h3" variant="subtitle2">
        {SPEED_LABELS.heading}
      </Typography>
      {!access.isAdmin && <ContactTargetForm />}
      {state.status !== 'ready' ? (
        <Alert severity="warning">
          The contact speed could not be read. It is read again on the next change.
        </Alert>
      ) : (
        <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap', mt: 1 }}>
          <Producers f={state.data} id={`${id}-producers`} />
          <Speeds f={state.data} id={`${id}-speeds`} />
        </Stack>
      )}
    </Box>
  );
};
