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

/** A row of a figures table: its key, its header cell, then its two figures. */
type FigureRow = readonly [key: string, name: string, first: string, second: string];

/**
 * A small figures table under its own heading: a column of names, then two figures aligned
 * right; `columns` names the three.
 */
const FigureTable = ({
  id,
  title,
  columns,
  rows,
}: {
  readonly id: string;
  readonly title: string;
  readonly columns: readonly [string, string, string];
  readonly rows: readonly FigureRow[];
}) => (
  <Box component="section" aria-labelledby={id} sx={{ flex: '1 1 22rem', minWidth: 0 }}>
    <Typography id={id} component="h4" variant="subtitle2" sx={{ mb: 0.5 }}>
      {title}
    </Typography>
    <Table size="small" aria-labelledby={id} sx={cellSx}>
      <TableHead>
        <TableRow>
          {columns.map((c, i) => (
            <TableCell key={c} component="th" scope="col" align={i === 0 ? undefined : 'right'}>
              {c}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(([key, name, first, second]) => (
          <TableRow key={key}>
            <TableCell component="th" scope="row">
              {name}
            </TableCell>
            <TableCell align="right">{first}</TableCell>
            <TableCell align="right">{second}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Box>
);

const Producers = ({ f, id }: { readonly f: ContactSpeedFigures; readonly id: string }) => (
  <FigureTable
    id={id}
    title={SPEED_LABELS.producers}
    columns={['Producer', 'Median', 'Contacted']}
    rows={f.byProducer.map((p) => [
      p.producer,
      p.producer === 'unknown' ? 'Assigned upstream' : p.producer,
      p.medianMs === null ? '—' : durationText(p.medianMs),
      `${p.contacted} of ${p.claimed}`,
    ])}
  />
);

const Speeds = ({ f, id }: { readonly f: ContactSpeedFigures; readonly id: string }) => (
  <FigureTable
    id={id}
    title={SPEED_LABELS.speeds}
    columns={['First contact', 'Referrals', 'Bound']}
    rows={f.bySpeed.map((g) => [
      g.speed,
      CONTACT_SPEEDS[g.speed],
      String(g.referrals),
      `${g.bound} (${formatRate(g.boundRate)})`,
    ])}
  />
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
