import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import { useTheme } from '@mui/material/styles';
import {
  acquiredCell,
  ageCell,
  countdown,
  dayStamp,
  deliveredCell,
  type Opportunity,
} from '@referrals/shared';
import { useNow, useViewerTimeZone } from '../../time/clock';
import { tokenColour } from '../../theme/theme';
import { Badge } from './Badge';

// These cells read the shared clock; they are the only parts of a grid that re-render each second.

// A when and its detail on one line (a row is one line high), the detail quieter.
const TwoLines = ({ top, bottom }: { readonly top: ReactNode; readonly bottom: string }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {top}{' '}
    <Box component="span" sx={{ fontSize: 12, color: (t) => tokenColour(t, 'grey') }}>
      {bottom}
    </Box>
  </Box>
);

/** Delivered / Received: a green New badge, or the time-ago text over a date or time. */
export const DeliveredCell = ({ addDate }: { readonly addDate: string }) => {
  const cell = deliveredCell(addDate, useNow(), useViewerTimeZone());
  // The time-ago is what a list scans for; its date or time is the tooltip's (rows are one line).
  return cell.kind === 'new' ? (
    <Badge colour="green">New</Badge>
  ) : (
    <span title={cell.detail}>{cell.text}</span>
  );
};

/** Limited Time: an hourglass with 'N minute(s) left', red at five minutes or fewer. */
export const CountdownCell = ({
  row,
}: {
  readonly row: Pick<Opportunity, 'marketplaceStatus' | 'marketplaceExpirationDate'>;
}) => {
  const theme = useTheme();
  const c = countdown(row, useNow());
  if (!c) return null;
  return (
    <Box
      component="span"
      data-colour={c.colour}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: tokenColour(theme, c.colour),
        fontWeight: c.colour === 'red' ? 700 : 400,
      }}
    >
      <HourglassBottomIcon fontSize="small" aria-hidden />
      {c.text}
    </Box>
  );
};

/** Age of the recent table: a green New badge under five minutes, else the relative age. */
export const AgeCell = ({ addDate }: { readonly addDate: string }) => {
  const cell = ageCell(addDate, useNow(), useViewerTimeZone());
  return cell.kind === 'new' ? <Badge colour="green">New</Badge> : <span>{cell.text}</span>;
};

/** 'Today' badge or short date, with a short time beneath. */
export const DayStampCell = ({
  date,
  timeOf,
}: {
  readonly date: string;
  readonly timeOf?: string;
}) => {
  const s = dayStamp(date, useNow(), useViewerTimeZone(), timeOf ?? date);
  return (
    <TwoLines
      top={s.kind === 'today' ? <Badge colour="green">Today</Badge> : s.date}
      bottom={s.time}
    />
  );
};

/** Acquired: the day and time of the acquisition, on one line (a row of the acquired list is one line). */
export const AcquiredCell = ({
  row,
}: {
  readonly row: Pick<Opportunity, 'addDate' | 'lastModDate'>;
}) => {
  const s = acquiredCell(row, useNow(), useViewerTimeZone());
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
      {s.kind === 'today' ? <Badge colour="green">Today</Badge> : s.date}
      <Box component="span" sx={{ color: (t) => tokenColour(t, 'grey') }}>
        {s.time}
      </Box>
    </Box>
  );
};
