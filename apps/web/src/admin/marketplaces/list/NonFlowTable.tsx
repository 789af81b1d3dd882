import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  formatUsDateTime,
  LIST_TEXTS,
  parseDate,
  type Agency,
  type DeliveryStat,
} from '@referrals/shared';
import { viewerTimeZone } from '../../../time/clock';
import { LastDelivered } from './LastDelivered';
import { MarketplaceName } from './MarketplaceRow';
import type { ListItem } from './listTypes';

const created = (iso: string | null): string => {
  const date = parseDate(iso);
  return date ? formatUsDateTime(date, viewerTimeZone()) : '';
};

/** 'Non Flow Marketplaces': marketplaces outside the delivery flow, by name (only if any). */
export const NonFlowTable = ({
  items,
  stats,
  agencies,
}: {
  readonly items: readonly ListItem[];
  readonly stats: ReadonlyMap<number, DeliveryStat>;
  readonly agencies: ReadonlyMap<number, Agency | null>;
}) =>
  items.length === 0 ? null : (
    <section aria-labelledby="non-flow-heading">
      <Typography id="non-flow-heading" variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {LIST_TEXTS.nonFlowSection}
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby="non-flow-heading">
          <TableHead>
            <TableRow>
              {LIST_TEXTS.nonFlowColumns.map((c) => (
                <TableCell key={c} sx={{ fontWeight: 600 }}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((m) => (
              <TableRow key={m.id} hover>
                <TableCell>
                  <MarketplaceName
                    m={m}
                    agency={m.agencyId === null ? null : agencies.get(m.agencyId)}
                  />
                </TableCell>
                <TableCell>
                  <LastDelivered stat={stats.get(m.id)} />
                </TableCell>
                <TableCell>{stats.get(m.id)?.totalReferralsDeliveredToday ?? 0}</TableCell>
                <TableCell>{created(m.creationDate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </section>
  );
