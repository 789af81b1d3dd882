import { Box, Button, Stack, Typography } from '@mui/material';
import { loadingText, useLoadProgress } from '../live/useLiveStatus';
import { EMPTY_TEXT } from './gridColumns';

/** One click out of an empty list: the change it makes, and how many referrals it would show. */
export interface EmptyWay {
  readonly label: string;
  /** Absent while unknown (not asked, or not answered yet). */
  readonly count?: number | undefined;
  readonly onClick: () => void;
}

/** Why a list is empty and the ways out of it; without them the list says only that it is. */
export interface EmptyExplained {
  readonly reason: string;
  readonly ways: readonly EmptyWay[];
}

/**
 * What a referral table shows with no rows. An empty grid has no row for its role to hold (axe:
 * aria-required-children), so the table is replaced by a labelled status that says so, why, and
 * the buttons that widen the filters. While the relay is still loading the market, it says how
 * far the load has got instead: the list may be empty only because its referrals have not
 * arrived yet.
 */
export const EmptyList = ({
  label,
  explained,
}: {
  readonly label: string;
  readonly explained?: EmptyExplained | undefined;
}) => {
  const progress = useLoadProgress();
  const ways = progress ? [] : (explained?.ways ?? []);
  return (
    <Box sx={{ width: '100%', bgcolor: 'background.paper', p: { xs: 2, sm: 4 } }}>
      <Typography role="status" aria-label={label} color="text.secondary" align="center">
        {progress ? loadingText(progress) : (explained?.reason ?? EMPTY_TEXT)}
      </Typography>
      {ways.length > 0 && (
        <Stack
          component="nav"
          aria-label="Ways out of an empty list"
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'center', mt: 2 }}
        >
          {ways.map((w) => (
            <Button key={w.label} variant="outlined" size="small" onClick={w.onClick}>
              {w.count === undefined ? w.label : `${w.label} (${w.count.toLocaleString('en-US')})`}
            </Button>
          ))}
        </Stack>
      )}
    </Box>
  );
};
