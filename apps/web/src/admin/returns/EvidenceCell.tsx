import { Box, Button, Typography } from '@mui/material';
import type { ReturnRequest, TimelineEntry } from '@referrals/shared';
import { TimelineList } from '../../pipeline/TimelineList';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A one-line count of evidence by kind: '2 contact attempts · 1 status change · 1 note'. */
export const evidenceSummary = (entries: readonly TimelineEntry[]): string => {
  const count = (kind: TimelineEntry['kind']) => entries.filter((e) => e.kind === kind).length;
  return [
    [count('contact'), 'contact attempt', 'contact attempts'] as const,
    [count('status'), 'status change', 'status changes'] as const,
    [count('note'), 'note', 'notes'] as const,
  ]
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => plural(n, one, many))
    .join(' · ');
};

/**
 * Under a return's reason: the evidence the agency sent, as a button that opens it under the
 * row (`controls`), or why there is none.
 */
export const EvidenceToggle = ({
  request,
  open,
  controls,
  onToggle,
}: {
  readonly request: ReturnRequest;
  readonly open: boolean;
  readonly controls: string;
  readonly onToggle: () => void;
}) => {
  const { evidence } = request;
  if (evidence === null || evidence.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {evidence === null ? 'No evidence kept (asked before it was)' : 'No evidence sent'}
      </Typography>
    );
  return (
    <Button
      size="small"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={`${open ? 'Hide' : 'Show'} the evidence of referral #${request.referralId}`}
      onClick={onToggle}
      sx={{ px: 0.5, minWidth: 0, ml: -0.5 }}
    >
      {open ? 'Hide' : 'Show'} evidence ({evidence.length})
    </Button>
  );
};

/**
 * The evidence of a return opened under its row: counted by kind, then each entry. It stays at
 * the left edge in view, wrapped to the screen, while the wide table scrolls sideways (phones).
 */
export const EvidenceDetail = ({ request }: { readonly request: ReturnRequest }) => (
  <Box
    sx={{
      position: 'sticky',
      left: 16,
      width: 'min(720px, calc(100vw - 64px))',
      whiteSpace: 'normal',
      pb: 1,
    }}
  >
    <Typography variant="subtitle2" component="p">
      Sent with the request: {evidenceSummary(request.evidence ?? [])}
    </Typography>
    <TimelineList
      entries={request.evidence ?? []}
      label={`Evidence of referral #${request.referralId}`}
    />
  </Box>
);
