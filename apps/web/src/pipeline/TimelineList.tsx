import { Box, Checkbox, List, ListItem, Typography } from '@mui/material';
import type { TimelineEntry } from '@referrals/shared';
import { timelineEntryByline, timelineEntryText } from './timelineText';

/**
 * A referral's timeline, oldest first: each entry's who and when, then what happened. With
 * `chosen`, each entry has a checkbox (the return dialog's evidence); without, it only reads.
 */
export const TimelineList = ({
  entries,
  label,
  chosen,
  onToggle,
  dense = true,
}: {
  readonly entries: readonly TimelineEntry[];
  /** The list's accessible name ('History', 'Evidence'). */
  readonly label: string;
  readonly chosen?: ReadonlySet<string>;
  readonly onToggle?: (id: string) => void;
  readonly dense?: boolean;
}) => (
  <List dense={dense} aria-label={label} disablePadding>
    {entries.map((e) => {
      const text = timelineEntryText(e);
      const body = (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {timelineEntryByline(e)}
          </Typography>
          <Typography
            variant="body2"
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              fontWeight: e.kind === 'note' ? 400 : 500,
            }}
          >
            {text}
          </Typography>
        </Box>
      );
      return (
        <ListItem
          key={e.id}
          disableGutters
          data-entry={e.id}
          sx={{ alignItems: 'flex-start', py: 0.5 }}
        >
          {chosen && onToggle ? (
            <Box
              component="label"
              sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', cursor: 'pointer' }}
            >
              <Checkbox
                size="small"
                checked={chosen.has(e.id)}
                onChange={() => onToggle(e.id)}
                slotProps={{ input: { 'aria-label': `Send as evidence: ${text}` } }}
                sx={{ p: 0.5, mt: -0.25 }}
              />
              {body}
            </Box>
          ) : (
            body
          )}
        </ListItem>
      );
    })}
  </List>
);
