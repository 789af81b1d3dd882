/**
 * A row's mark of team presence: a teammate's (or one's own) hold, else who of the agency has the
 * referral open. In a one-line row, an icon named by its text ("Ana is calling", "Ana is
 * viewing") before the action, so the action keeps its room; in a card, the chip.
 */
import { Chip } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import {
  holdStands,
  holdText,
  viewingText,
  type PresenceHold,
  type PresenceViewer,
} from '@referrals/shared';
import { useNow } from '../time/clock';

/**
 * A teammate's hold: text in the body colour on a warning tint (white on MUI's orange misses
 * AA contrast); one's own: the primary chip.
 */
export const holdLook = (mine: boolean) =>
  mine
    ? ({ color: 'primary' } as const)
    : {
        sx: {
          bgcolor: (t: Theme) => alpha(t.palette.warning.main, 0.2),
          color: 'text.primary',
          '& .MuiChip-icon': { color: 'warning.main' },
        },
      };

const iconSx = { mr: 0.5, verticalAlign: 'middle' } as const;

/** A hold standing now: the phone mark (ticks each second, so it leaves when the hold lapses). */
const HoldMark = ({
  hold,
  me,
  compact,
}: {
  readonly hold: PresenceHold;
  readonly me: string;
  readonly compact: boolean;
}) => {
  const mine = hold.username === me;
  if (compact) {
    return (
      <PhoneInTalkIcon
        fontSize="small"
        titleAccess={holdText(hold, me)}
        sx={{ ...iconSx, color: mine ? 'primary.main' : 'warning.main' }}
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

/** Teammates with the referral open (never oneself): the eye mark. */
const ViewersMark = ({ text, compact }: { readonly text: string; readonly compact: boolean }) =>
  compact ? (
    <VisibilityIcon fontSize="small" titleAccess={text} sx={{ ...iconSx, color: 'info.main' }} />
  ) : (
    <Chip
      size="small"
      variant="outlined"
      icon={<VisibilityIcon />}
      label={text}
      sx={{ mb: 0.5, mr: 0.5 }}
    />
  );

/** The row's presence: its hold while one stands, else its viewers; nothing when neither. */
export const RowPresenceMark = ({
  hold,
  viewers,
  me,
  compact,
}: {
  readonly hold: PresenceHold | undefined;
  readonly viewers: readonly PresenceViewer[] | undefined;
  readonly me: string;
  readonly compact: boolean;
}) => {
  const now = useNow();
  if (hold && holdStands(hold, now)) return <HoldMark hold={hold} me={me} compact={compact} />;
  const text = viewers ? viewingText(viewers, me) : '';
  return text ? <ViewersMark text={text} compact={compact} /> : null;
};
