import type { AuditOutcome, ColourToken } from '@referrals/shared';

/** Words of the Audit Log screen. */
export const AUDIT_LOG_TEXTS = {
  heading: 'Audit Log',
  tableLabel: 'Audit entries',
  detailsColumn: 'Before and after',
  columns: ['Time', 'User', 'Action', 'Target', 'Outcome', 'Status', 'Request ID'],
  empty: 'No audit entries match these filters.',
  notLoaded: 'The audit log could not be read.',
  retry: 'Try again',
  badFilters: 'These filters cannot be used:',
  clearFilters: 'Clear filters',
  allActions: 'All actions',
  filters: { user: 'User', action: 'Action', from: 'From', to: 'To' },
  showChanges: (id: number) => `Show before and after of entry ${id}`,
  noChange: 'No field changed.',
  diffColumns: ['Field', 'Before', 'After'],
  before: 'Before',
  after: 'After',
  absent: '—',
} as const;

/**
 * Each outcome's chip: its words and colour token (the theme's readable shades: MUI's own warning
 * orange on white fails the contrast check).
 */
export const OUTCOME_CHIPS: Readonly<Record<AuditOutcome, { label: string; colour: ColourToken }>> =
  {
    ok: { label: 'OK', colour: 'green' },
    refused: { label: 'Refused', colour: 'yellow' },
    failed: { label: 'Failed', colour: 'red' },
    pending: { label: 'Pending', colour: 'grey' },
  };
