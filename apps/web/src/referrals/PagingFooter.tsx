import { Box, Button, Typography } from '@mui/material';
import { canMovePage, pagingFooterText, type PageWindow } from '@referrals/shared';

/** 'Showing X to Y of Z Referrals' with Previous and Next, allowed by the shared paging rule. */
export const PagingFooter = ({
  page,
  size,
  total,
  onPage,
}: {
  readonly page: number;
  readonly size: number;
  readonly total: number;
  readonly onPage: (page: number) => void;
}) => {
  const w: PageWindow = { firstIndex: page * size, pageSize: size, totalEntries: total };
  return (
    <Box
      component="nav"
      aria-label="Pages"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5, flexWrap: 'wrap' }}
    >
      <Typography sx={{ flexGrow: 1 }} aria-live="polite">
        {pagingFooterText(w)}
      </Typography>
      <Button disabled={!canMovePage(w, 'previous')} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button disabled={!canMovePage(w, 'next')} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Box>
  );
};
