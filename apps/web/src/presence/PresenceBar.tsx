/**
 * The details panel's team line: who of the agency has the referral open ("Ana is viewing"), who
 * is calling it ("Ana is calling · 1:42"), and the button that holds it for one's own call for two
 * minutes (or ends one's hold). A refusal (a teammate was quicker) says who holds it.
 */
import { useState } from 'react';
import { Alert, Box, Button, Chip, Stack } from '@mui/material';
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
import { holdLook } from './RowPresenceMark';

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
