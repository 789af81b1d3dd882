import { Box, Button, Typography } from '@mui/material';
import { canMovePage, pagingFooterText, type PageWindow } from '@referrals/shared';
import { LOADING_REFERRALS, loadingText, useLoadProgress } from '../live/useLiveStatus';

const BUTTON_SX = { flexShrink: 0, minWidth: 0, px: { xs: 1, sm: 1 } } as const;

/**
 * 'Showing X to Y of Z Referrals' with Previous and Next, allowed by the shared paging rule.
 * While the page is awaited it says so instead of a count it does not have yet ('Showing 0 to 0
 * of 0' before the first answer), and while the relay's first load of the market runs, that the
 * total is what has arrived so far (as the empty list and the live indicator say).
 */
export const PagingFooter = ({
  page,
  size,
  total,
  loading,
  onPage,
}: {
  readonly page: number;
  readonly size: number;
  readonly total: number;
  /** The list's page is being fetched: no count to show, no page to move to. */
  readonly loading: boolean;
  readonly onPage: (page: number) => void;
}) => {
  const progress = useLoadProgress();
  const w: PageWindow = { firstIndex: page * size, pageSize: size, totalEntries: total };
  const text = loading
    ? `${LOADING_REFERRALS}…`
    : `${pagingFooterText(w)}${progress ? ` · ${loadingText(progress)}` : ''}`;
  return (
    <Box
      component="nav"
      aria-label="Pages"
      aria-busy={loading}
      // One line on a phone too: the count's type gets smaller rather than Next its own row.
      sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 2 }, py: 1.5 }}
    >
      <Typography
        sx={{ flexGrow: 1, minWidth: 0, fontSize: { xs: 13, sm: 16 } }}
        aria-live="polite"
      >
        {text}
      </Typography>
      <Button
        sx={BUTTON_SX}
        disabled={loading || !canMovePage(w, 'previous')}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </Button>
      <Button
        sx={BUTTON_SX}
        disabled={loading || !canMovePage(w, 'next')}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </Box>
  );
};
