import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import {
  CircularProgress,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  DRAG_DEFAULTS,
  LIST_TEXTS,
  type Agency,
  type DeliveryStat,
  type PauseWindow,
} from '@referrals/shared';
import { TableFit } from '../../../shell/TableFit';
import { MarketplaceRow, type RowData } from './MarketplaceRow';
import { SortableRow } from './SortableRow';
import type { ListItem } from './listTypes';

/** What the table needs to fill its rows. */
export interface TableData {
  readonly agencies: ReadonlyMap<number, Agency | null>;
  readonly balances: ReadonlyMap<number, number>;
  readonly stats: ReadonlyMap<number, DeliveryStat>;
  /** Agencies' pause windows, by marketplace. */
  readonly pauses?: ReadonlyMap<number, PauseWindow>;
  readonly onBounds?: (id: number, name: string) => void;
}

const rowData = (m: ListItem, d: TableData): RowData => ({
  agency: m.agencyId === null ? null : d.agencies.get(m.agencyId),
  balance: m.agencyId === null ? undefined : d.balances.get(m.agencyId),
  stat: d.stats.get(m.id),
  pause: d.pauses?.get(m.id),
  onBounds: d.onBounds,
});

// Auto-scroll near the window edge while dragging (section 9: step 2, edge zone 5 percent).
const AUTO_SCROLL = {
  acceleration: DRAG_DEFAULTS.autoScrollStep,
  threshold: { x: 0, y: DRAG_DEFAULTS.edgeZonePercent / 100 },
};

/**
 * The main table: enabled flow marketplaces in priority order, draggable by their handle, then
 * (when shown) the disabled ones, which cannot be dragged.
 */
export const MarketplaceTable = ({
  enabled,
  disabled,
  data,
  refreshing,
  onRefresh,
  onToggle,
  onMove,
}: {
  readonly enabled: readonly ListItem[];
  readonly disabled: readonly ListItem[];
  readonly data: TableData;
  readonly refreshing: boolean;
  readonly onRefresh: () => void;
  readonly onToggle: (id: number, enabled: boolean) => void;
  readonly onMove: (from: number, to: number) => void;
}) => {
  const sensors = useSensors(
    useSensor(PointerSensor, {
      activationConstraint: { distance: DRAG_DEFAULTS.startThresholdPx },
    }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = enabled.findIndex((m) => m.id === active.id);
    const to = enabled.findIndex((m) => m.id === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <TableFit wrapHeaders dense cellMaxWidth={260}>
      <TableContainer>
        <Table size="small" aria-label="Marketplaces">
          <TableHead>
            <TableRow>
              {LIST_TEXTS.columns.map((c) => (
                <TableCell key={c} sx={{ fontWeight: 600 }}>
                  {c}
                  {c === 'Last Delivered' ? (
                    <IconButton
                      size="small"
                      aria-label="Refresh delivery statistics"
                      onClick={onRefresh}
                      disabled={refreshing}
                    >
                      {refreshing ? (
                        <CircularProgress size={16} />
                      ) : (
                        <RefreshIcon fontSize="small" />
                      )}
                    </IconButton>
                  ) : null}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            autoScroll={AUTO_SCROLL}
            onDragEnd={onDragEnd}
            // The screen-reader instructions and announcements are divs: keep them out of the table.
            accessibility={{ container: document.body }}
          >
            <SortableContext
              items={enabled.map((m) => m.id)}
              strategy={verticalListSortingStrategy}
            >
              <TableBody>
                {enabled.map((m) => (
                  <SortableRow key={m.id} m={m} data={rowData(m, data)} onToggle={onToggle} />
                ))}
                {disabled.map((m) => (
                  <MarketplaceRow key={m.id} m={m} data={rowData(m, data)} onToggle={onToggle} />
                ))}
              </TableBody>
            </SortableContext>
          </DndContext>
        </Table>
      </TableContainer>
    </TableFit>
  );
};
