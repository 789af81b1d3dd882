import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  deliveryErrorsPager,
  formatUsDateTime,
  LIST_TEXTS,
  NO_DELIVERY_ERRORS_TEXT,
  parseDate,
} from '@referrals/shared';
import { viewerTimeZone } from '../../../time/clock';
import { useDeliveryErrors } from './useDeliveryErrors';

const when = (iso: string | null): string => {
  const date = parseDate(iso);
  return date ? formatUsDateTime(date, viewerTimeZone()) : '';
};

/** 'Marketplace Delivery Errors': five a page, with Previous/Next, live from its topic. */
export const DeliveryErrorsTable = () => {
  const { page, setPage, data } = useDeliveryErrors();
  const pager = deliveryErrorsPager(page, data.totalElements, data.totalPages);
  const cols = LIST_TEXTS.deliveryErrorColumns;
  return (
    <section aria-labelledby="delivery-errors-heading">
      <Typography id="delivery-errors-heading" variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {LIST_TEXTS.deliveryErrorsSection}
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby="delivery-errors-heading">
          <TableHead>
            <TableRow>
              {cols.map((c) => (
                <TableCell key={c} sx={{ fontWeight: 600 }}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.content.length === 0 ? (
              <TableRow>
                <TableCell colSpan={cols.length} align="center">
                  {NO_DELIVERY_ERRORS_TEXT}
                </TableCell>
              </TableRow>
            ) : (
              data.content.map((e, i) => (
                <TableRow key={`${e.opportunityId}-${i}`}>
                  <TableCell>{e.opportunityId}</TableCell>
                  <TableCell>{e.errorMarketplaceName}</TableCell>
                  <TableCell>{e.errorNotes}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(e.errorDate)}</TableCell>
                  <TableCell>{e.currentMarketplaceName}</TableCell>
                  <TableCell>{e.currentMarketplaceStatus}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2">{pager.summaryText}</Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" disabled={pager.previousDisabled} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Typography variant="body2">{pager.pageText}</Typography>
        <Button size="small" disabled={pager.nextDisabled} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </Box>
    </section>
  );
};
