import { Box } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import {
  clockText,
  durationText,
  readClock,
  type ClockPhase,
  type ContactClock,
} from '@referrals/shared';
import { tokenColour } from '../theme/theme';
import { useNow } from '../time/clock';

const COLOUR: Readonly<Record<ClockPhase, 'red' | 'green' | 'grey' | null>> = {
  running: null,
  late: 'red',
  met: 'green',
  missed: 'grey',
};

/**
 * A referral's contact clock: a countdown to the agency's target while nobody has worked it,
 * red once the target passed; how fast it was contacted once someone did. Ticks with the tab's
 * one clock. `compact` (a grid cell) says a stopped clock's time alone, beside a check mark; its
 * accessible name and tooltip say it whole.
 */
export const ContactClockChip = ({
  clock,
  targetMinutes,
  compact = false,
}: {
  readonly clock: ContactClock | undefined;
  readonly targetMinutes: number;
  readonly compact?: boolean;
}) => {
  const now = useNow();
  if (!clock) return null;
  const reading = readClock(clock, targetMinutes, now);
  const colour = COLOUR[reading.phase];
  const text = clockText(reading);
  const running = reading.phase === 'running' || reading.phase === 'late';
  return (
    <Box
      component="span"
      role="timer"
      data-clock={reading.phase}
      aria-label={`Contact clock: ${text}`}
      title={`${text} (target ${targetMinutes} min from the claim)`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        fontWeight: reading.phase === 'late' ? 600 : undefined,
        color: (t) => (colour ? tokenColour(t, colour) : undefined),
      }}
    >
      {running && <TimerOutlinedIcon sx={{ fontSize: '1rem' }} aria-hidden />}
      {compact && !running && <CheckIcon sx={{ fontSize: '1rem' }} aria-hidden />}
      {compact && !running ? durationText(reading.elapsedMs) : text}
    </Box>
  );
};
