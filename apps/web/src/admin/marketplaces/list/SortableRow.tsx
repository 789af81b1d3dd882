import { IconButton } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MarketplaceRow, type RowData } from './MarketplaceRow';
import type { ListItem } from './listTypes';

/** An enabled flow row: draggable by its handle (pointer after 5 px, or keyboard). */
export const SortableRow = ({
  m,
  data,
  onToggle,
}: {
  readonly m: ListItem;
  readonly data: RowData;
  readonly onToggle: (id: number, enabled: boolean) => void;
}) => {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: m.id });
  return (
    <MarketplaceRow
      m={m}
      data={data}
      onToggle={onToggle}
      rowProps={{
        ref: setNodeRef,
        style: {
          transform: CSS.Translate.toString(transform),
          transition,
          position: 'relative',
          zIndex: isDragging ? 1 : undefined,
          background: isDragging ? '#eef3f8' : undefined,
        },
      }}
      handle={
        <IconButton
          size="small"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${m.marketplaceName}`}
          sx={{ cursor: 'grab', touchAction: 'none' }}
        >
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
      }
    />
  );
};
