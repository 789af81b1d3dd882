import type { ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import PhoneIcon from '@mui/icons-material/Phone';
import StarIcon from '@mui/icons-material/Star';
import {
  assigneeText,
  businessLinesText,
  categoryText,
  countdown,
  cityState,
  employeesText,
  formatUsd,
  fullName,
  industryText,
  isDirectCall,
  OpportunityType,
  premiumText,
  recentBadgeColour,
  recentStatusOf,
  statusIcon,
  statusLabel,
  talkNowNoteText,
  yearsText,
  type ColumnDef,
  type Opportunity,
  type PresenceHold,
  type PresenceViewer,
} from '@referrals/shared';
import type { ReferralRow } from '../live/useReferralPage';
import type { PipelineView } from '../pipeline/pipelineView';
import { ContactClockChip } from '../contact/ContactClockChip';
import type { ContactClocks } from '../contact/useContactClocks';
import { ProgressCell } from '../pipeline/ProgressCell';
import { RowPresenceMark } from '../presence/RowPresenceMark';
import { PhoneLink } from '../shell/PhoneLink';
import { ActionCell } from './cells/ActionCell';
import { Badge } from './cells/Badge';
import { StatusIcon } from './cells/StatusIcon';
import { TypeCell } from './cells/TypeCell';
import {
  AcquiredCell,
  AgeCell,
  CountdownCell,
  DayStampCell,
  DeliveredCell,
} from './cells/TickingCells';

/** A row of any referral grid: the fields a viewer may see, all optional beyond the basics. */
export type GridRow = ReferralRow;

/** What an empty list says. */
export const EMPTY_TEXT = 'No referrals to show.';

/** What cells need to know about the viewer and the list. */
export interface CellContext {
  readonly privileged: boolean;
  readonly isAdmin: boolean;
  readonly showPrices: boolean;
  readonly showTalkNow: boolean;
  readonly mobile: boolean;
  /** Opens the details panel of a row (list buttons); absent when the panel is off. */
  readonly onOpen?: (row: GridRow) => void;
  /** Opens the status modal of a row (status buttons); the panel when absent. */
  readonly onStatus?: (row: GridRow) => void;
  /** The progress of bought referrals by id (the acquired list's Progress and Follow-up). */
  readonly pipelines?: ReadonlyMap<number, PipelineView>;
  /** The agency's holds by referral id ("Ana is calling"), and who the viewer is. */
  readonly holds?: ReadonlyMap<number, PresenceHold>;
  /** Who of the agency has each row's referral open ("Ana is viewing"). */
  readonly rowViewers?: ReadonlyMap<number, readonly PresenceViewer[]>;
  /** The column whose cell carries the row's presence mark (none: no mark). */
  readonly presenceAt?: string;
  readonly me?: string;
  /** The contact clocks of bought referrals and their target (the acquired list's Contact). */
  readonly contactClocks?: ContactClocks;
}

const full = (r: GridRow): Opportunity => ({ ...EMPTY, ...r }) as Opportunity;
const EMPTY: Partial<Opportunity> = {
  category: null,
  source: null,
  businessLines: [],
  industryCode: null,
  industryDescription: null,
  noOfEmployees: null,
  yearsInBusiness: null,
  estimatedPremium: null,
  city: null,
  firstName: null,
  lastName: null,
  phone: null,
  email: null,
  assignedAgency: null,
  assignedPartner: null,
  marketplaceExpirationDate: null,
  lastModDate: null,
  dynamicPrice: null,
  discountPrice: null,
  soldPrice: null,
};

/** The row's presence mark (a hold, else teammates viewing) when `column` carries it. */
const presenceMark = (r: Opportunity, ctx: CellContext, column: string): ReactNode =>
  ctx.presenceAt === column &&
  (ctx.holds?.has(r.opportunityId) || ctx.rowViewers?.has(r.opportunityId)) ? (
    <RowPresenceMark
      hold={ctx.holds?.get(r.opportunityId)}
      viewers={ctx.rowViewers?.get(r.opportunityId)}
      me={ctx.me ?? ''}
      compact={!ctx.mobile}
    />
  ) : null;

/** The cell of each shared column id. */
const CELLS: Readonly<Record<string, (row: Opportunity, ctx: CellContext) => ReactNode>> = {
  addDate: (r, ctx) => (
    <>
      {presenceMark(r, ctx, 'addDate')}
      <DeliveredCell addDate={r.addDate} />
    </>
  ),
  opportunityType: (r) => <TypeCell type={r.opportunityType} />,
  limitedTime: (r) => <CountdownCell row={r} />,
  status: (r, ctx) => (
    <>
      {presenceMark(r, ctx, 'status')}
      {ctx.onOpen ? (
        <ActionCell
          row={r}
          viewer={ctx}
          onOpen={() => ctx.onOpen?.(r)}
          onStatus={() => (ctx.onStatus ?? ctx.onOpen)?.(r)}
        />
      ) : (
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
          <StatusIcon icon={statusIcon(r.marketplaceStatus)} />
          {statusLabel(r.marketplaceStatus)}
        </Box>
      )}
    </>
  ),
  category: (r) => categoryText(r),
  location: (r) => cityState(r),
  businessLines: (r, ctx) => businessLinesText(r, ctx),
  industry: (r, ctx) => industryText(r, ctx),
  noOfEmployees: (r) => employeesText(r),
  yearsInBusiness: (r, ctx) => yearsText(r, ctx),
  estimatedPremium: (r, ctx) => premiumText(r, ctx),
  agenciesNotified: (r) => r.agenciesNotified ?? '',
  assignedAgency: (r, ctx) => assigneeText(r, ctx.isAdmin),
  icons: (r) => (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5 }}>
      {(isDirectCall(r) || r.opportunityType === OpportunityType.WT_CIR) && (
        <PhoneIcon fontSize="small" titleAccess="Direct call" />
      )}
      {r.opportunityType === OpportunityType.PCR && (
        <StarIcon fontSize="small" titleAccess="Premium Choice Referral" />
      )}
    </Box>
  ),
  notes: (r, ctx) => {
    const text = talkNowNoteText(ctx.showTalkNow);
    const mark = presenceMark(r, ctx, 'notes');
    const button = text ? (
      <Button
        size="small"
        variant="outlined"
        fullWidth={ctx.mobile}
        onClick={(e) => {
          e.stopPropagation();
          ctx.onOpen?.(r);
        }}
      >
        {text}
      </Button>
    ) : null;
    return mark ? (
      <>
        {mark}
        {button}
      </>
    ) : (
      button
    );
  },
  acquired: (r) => <AcquiredCell row={r} />,
  agency: (r) => r.assignedAgency ?? '',
  soldPrice: (r) => (r.soldPrice === null ? '' : formatUsd(r.soldPrice)),
  name: (r) => fullName(r),
  phone: (r) => (r.phone ? <PhoneLink phone={r.phone} /> : ''),
  email: (r) => r.email ?? '',
  city: (r) => r.city ?? '',
  state: (r) => r.state ?? '',
  marketplaceStatus: (r) => {
    const s = recentStatusOf(r.marketplaceStatus);
    return <Badge colour={recentBadgeColour(s)}>{s}</Badge>;
  },
  delivered: (r) => <DayStampCell date={r.addDate} />,
  age: (r) => <AgeCell addDate={r.addDate} />,
  progress: (r, ctx) => <ProgressCell view={ctx.pipelines?.get(r.opportunityId)} />,
  followUp: (r, ctx) => ctx.pipelines?.get(r.opportunityId)?.followUpOn ?? '',
  contactClock: (r, ctx) =>
    ctx.contactClocks?.byId.has(r.opportunityId) ? (
      <ContactClockChip
        clock={ctx.contactClocks.byId.get(r.opportunityId)}
        targetMinutes={ctx.contactClocks.targetMinutes}
        compact={!ctx.mobile}
      />
    ) : null,
};

/** The cell of one shared column for a row (also used by the grid-free public feed table). */
export const renderReferralCell = (id: string, row: GridRow, ctx: CellContext): ReactNode =>
  CELLS[id]?.(full(row), ctx) ?? '';

/** Cells that carry the row's action: in a card, a full-width line of their own at the end. */
const ACTION_CELLS: ReadonlySet<string> = new Set(['status', 'notes']);

/**
 * A referral as a card (the phone layout): each visible field with its header, two columns of
 * label and value, and the row's action last, one full-width line.
 */
export const StackedCell = ({
  defs,
  row,
  ctx,
}: {
  readonly defs: readonly ColumnDef[];
  readonly row: GridRow;
  readonly ctx: CellContext;
}) => {
  const mobile = { ...ctx, mobile: true };
  const filled = (d: ColumnDef) => {
    // A countdown with nothing to count (not Available, no window) is no line of the card.
    if (d.id === 'limitedTime' && countdown(full(row), new Date()) === null) return null;
    const cell = CELLS[d.id]?.(full(row), mobile);
    return cell === '' || cell === null || cell === undefined ? null : { d, cell };
  };
  const cells = defs.map(filled).filter((c) => c !== null);
  const info = cells.filter((c) => !ACTION_CELLS.has(c.d.id));
  const actions = cells.filter((c) => ACTION_CELLS.has(c.d.id));
  return (
    <Box
      sx={{
        py: 0.5,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: 1.5,
        rowGap: 0.25,
      }}
    >
      {info.map(({ d, cell }) => (
        <Box key={d.id} sx={{ display: 'contents' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {d.header}
          </Box>
          <Box component="span" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {cell}
          </Box>
        </Box>
      ))}
      {actions.map(({ d, cell }) => (
        <Box key={d.id} sx={{ gridColumn: '1 / -1', mt: 0.75 }}>
          {cell}
        </Box>
      ))}
    </Box>
  );
};
