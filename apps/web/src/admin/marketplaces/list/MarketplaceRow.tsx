import type { ReactNode } from 'react';
import { Box, Link, Switch, TableCell, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import {
  ADMIN_ROUTES,
  categoryLabels,
  dailyLimitCell,
  deliveredPriceText,
  LIST_TEXTS,
  prepaidBalanceCell,
  type Agency,
  type DeliveryStat,
  type PauseWindow,
} from '@referrals/shared';
import { PauseCaption } from '../../../appetite/PauseCaption';
import { ActionsMenu } from './ActionsMenu';
import { cellTextColour } from './cellColours';
import { LastDelivered } from './LastDelivered';
import type { ListItem } from './listTypes';

/** What one row of the main table shows besides its marketplace. */
export interface RowData {
  readonly agency: Agency | null | undefined;
  readonly balance: number | undefined;
  readonly stat: DeliveryStat | undefined;
  /** Its agency's pause window, when one is set (shown as 'Paused until …'). */
  readonly pause?: PauseWindow;
  /** Opens the bounds of its agency's own caps. */
  readonly onBounds?: (id: number, name: string) => void;
}

const agencyLine = (agency: Agency | null | undefined): string | null => {
  if (!agency) return null;
  const { region, regionCode, zipCode } = agency.address;
  return [region, regionCode, zipCode].filter((p) => p !== null && p !== '').join(', ');
};

/** The Marketplace cell: the name as a link, the agency's place and id under it. */
export const MarketplaceName = ({
  m,
  agency,
}: {
  readonly m: ListItem;
  readonly agency?: Agency | null;
}) => {
  const place = agencyLine(agency);
  const id = m.agencyId !== null ? `${LIST_TEXTS.agencyIdPrefix} ${m.agencyId}` : null;
  const caption = [place, id].filter((p) => p !== null && p !== '').join(' · ');
  // Two short lines at most (name, then place and agency): the row stays low on a desk screen.
  return (
    <Box sx={{ minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={ADMIN_ROUTES.marketplace(m.id)}
        sx={{ fontWeight: 600, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {m.marketplaceName}
      </Link>
      {caption ? (
        <Typography
          variant="caption"
          component="p"
          color="text.secondary"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {caption}
        </Typography>
      ) : null}
    </Box>
  );
};

/** One row of the main table; `handle` is the drag handle of an enabled flow row. */
export const MarketplaceRow = ({
  m,
  data,
  handle,
  onToggle,
  rowProps,
}: {
  readonly m: ListItem;
  readonly data: RowData;
  readonly handle?: ReactNode;
  readonly onToggle: (id: number, enabled: boolean) => void;
  readonly rowProps?: Parameters<typeof TableRow>[0];
}) => {
  const prepaid = prepaidBalanceCell(m, data.balance);
  const daily = dailyLimitCell(m, data.stat);
  return (
    <TableRow hover {...rowProps} data-testid={`marketplace-row-${m.id}`}>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ width: 32, flexShrink: 0 }}>{handle}</Box>
          <MarketplaceName m={m} agency={data.agency} />
        </Box>
      </TableCell>
      <TableCell>
        <ActionsMenu id={m.id} name={m.marketplaceName} onBounds={data.onBounds} />
      </TableCell>
      <TableCell>
        <Switch
          checked={m.enabled}
          onChange={(_e, on) => onToggle(m.id, on)}
          slotProps={{ input: { 'aria-label': `Enabled ${m.marketplaceName}` } }}
        />
        {data.pause ? <PauseCaption pause={data.pause} enabled={m.enabled} /> : null}
      </TableCell>
      <TableCell>{deliveredPriceText(m)}</TableCell>
      <TableCell sx={{ color: prepaid ? cellTextColour(prepaid.colour) : undefined }}>
        {prepaid?.text ?? ''}
      </TableCell>
      <TableCell>
        <LastDelivered stat={data.stat} />
      </TableCell>
      <TableCell sx={{ color: daily ? cellTextColour(daily.colour) : undefined }}>
        {daily?.text ?? ''}
      </TableCell>
      <TableCell>{categoryLabels(m.riskAppetite).join(', ')}</TableCell>
    </TableRow>
  );
};
