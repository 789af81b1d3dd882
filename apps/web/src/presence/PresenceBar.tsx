/**
 * The details panel's team line: who of the agency has the referral open ("Ana is viewing"), who
 * is calling it ("Ana is calling · 1:42"), and the button that holds it for one's own call for two
 * minutes (or ends one's hold). A refusal (a teammate was quicker) says who holds it.
 */
import { useState } from 'react';
import { Alert, Box, Button, Chip, Stack } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import {
  holdStands,
  holdText,
  viewingText,
  type PresenceHold,
  type ReferralPresence,
} from '@referrals/shared';
import { useServices } from '../app/services';
import { refusalText } from '../app/refusalText';
import { useNow } from '../time/clock';

/**
 * A teammate's hold: text in the body colour on a warning tint (white on MUI's orange misses
 * AA contrast); one's own: the primary chip.
 */
const holdLook = (mine: boolean) =>
  mine
    ? ({ color: 'primary' } as const)
    : {
        sx: {
          bgcolor: (t: Theme) => alpha(t.palette.warning.main, 0.2),
          color: 'text.primary',
          '& .MuiChip-icon': { color: 'warning.main' },
        },
      };

/** "1:42": what is left of a hold. */
const leftText = (hold: PresenceHold, now: Date): string => {
  const s = Math.max(0, Math.ceil((Date.parse(hold.until) - now.getTime()) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The hold's mark: who calls and for how long yet (ticks each second). */
const HoldChip = ({ hold, me }: { readonly hold: PresenceHold; readonly me: string }) => {
  const now = useNow();
  if (!holdStands(hold, now)) return null;
  const mine = hold.username === me;
  return (
    <Chip
      size="small"
      {...holdLook(mine)}
      icon={<PhoneInTalkIcon />}
      label={`${holdText(hold, me)} · ${leftText(hold, now)}`}
    />
  );
};

export const PresenceBar = ({
  presence,
  me,
}: {
  /** The referral's presence within the agency (null: not the team's, or not answered yet). */
  readonly presence: ReferralPresence | null;
  readonly me: string;
}) => {
  const { api, live } = useServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const now = useNow();
  if (!presence) return null;
  const id = presence.referralId;
  const hold = holdStands(presence.hold, now) ? presence.hold : null;
  const mine = hold?.username === me;
  const viewing = viewingText(presence.viewers, me);
  const act = () => {
    setBusy(true);
    setError(null);
    const call = mine
      ? api.post(`/api/referrals/${id}/hold/release`).then(() => null)
      : api.post(`/api/referrals/${id}/hold`);
    call
      .then((h) => live.presence.takeHold(id, h))
      .catch((err: unknown) => setError(refusalText(err)))
      .finally(() => setBusy(false));
  };
  return (
    <Box sx={{ mb: 1.5 }} aria-label="Your team on this referral" role="group">
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {viewing && (
          <Chip size="small" variant="outlined" icon={<VisibilityIcon />} label={viewing} />
        )}
        {hold && <HoldChip hold={hold} me={me} />}
        {(!hold || mine) && (
          <Button size="small" variant="outlined" disabled={busy} onClick={act}>
            {mine ? 'Stop calling' : "I'm calling"}
          </Button>
        )}
      </Stack>
      {error && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
};

/**
 * A row's mark of a hold (rows show holds only, never viewers): in a one-line row, a phone icon
 * named "Ana is calling" before the action, so the action keeps its room; in a card, the chip.
 */
export const HoldMark = ({
  hold,
  me,
  compact,
}: {
  readonly hold: PresenceHold;
  readonly me: string;
  readonly compact: boolean;
}) => {
  const now = useNow();
  if (!holdStands(hold, now)) return null;
  const mine = hold.username === me;
  if (compact) {
    return (
      <PhoneInTalkIcon
        fontSize="small"
        titleAccess={holdText(hold, me)}
        sx={{ mr: 0.5, verticalAlign: 'middle', color: mine ? 'primary.main' : 'warning.main' }}
      />
    );
  }
  const look = holdLook(mine);
  return (
    <Chip
      size="small"
      {...look}
      icon={<PhoneInTalkIcon />}
      label={holdText(hold, me)}
      sx={{ ...('sx' in look ? look.sx : {}), mb: 0.5 }}
    />
  );
};
