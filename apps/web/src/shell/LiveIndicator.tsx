import { Chip } from '@mui/material';
import CircleIcon from '@mui/icons-material/Circle';
import { loadingText, useLiveStatus, useLoadProgress, type LiveState } from '../live/useLiveStatus';

const LOOK: Readonly<Record<LiveState, { label: string; colour: string; title: string }>> = {
  live: { label: 'Live', colour: '#1b6e34', title: 'Changes arrive as they happen.' },
  loading: {
    label: 'Loading…',
    colour: '#1d5fa8',
    title: 'The market is still loading; lists show what has arrived.',
  },
  reconnecting: {
    label: 'Reconnecting…',
    colour: '#7a5d00',
    title: 'The live connection dropped; retrying.',
  },
  stale: {
    label: 'Stale',
    colour: '#b3261e',
    title: 'The server cannot reach the referral service; data may be old.',
  },
};

/** The live / reconnecting / stale indicator, announced politely when it changes. */
export const LiveIndicator = () => {
  const state = useLiveStatus();
  const progress = useLoadProgress();
  const look = LOOK[state];
  const percent =
    progress && progress.expected > 0
      ? Math.floor((100 * progress.loaded) / progress.expected)
      : null;
  const label = state === 'loading' && percent !== null ? `Loading ${percent}%` : look.label;
  const title = state === 'loading' && progress ? loadingText(progress) : look.title;
  return (
    <span role="status" aria-live="polite" title={title}>
      <Chip
        size="small"
        // The dot's colour inline: the dark scheme's Chip icon rule outranks any class selector.
        icon={<CircleIcon style={{ color: look.colour }} sx={{ fontSize: 12 }} />}
        label={label}
        sx={{ bgcolor: '#fff', color: '#1f2328', fontWeight: 600 }}
        data-state={state}
      />
    </span>
  );
};
