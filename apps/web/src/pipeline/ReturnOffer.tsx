import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import {
  returnTimeLeft,
  timelineOf,
  type ReturnReason,
  type ReturnWindow,
} from '@referrals/shared';
import { useNow } from '../time/clock';
import { ReturnDialog } from './ReturnDialog';
import type { PipelineDetail } from './pipelineView';
import { returnCountdownText } from './timelineText';

/**
 * The return window of a referral no return was asked for yet: the time left and the request
 * button while it is open (the dialog pre-fills the timeline as evidence), or that it closed.
 * It ticks with the tab's clock, so it closes on screen when the window does.
 */
export const ReturnOffer = ({
  view,
  window,
  mayAsk,
  busy,
  onSubmit,
}: {
  readonly view: PipelineDetail;
  readonly window: ReturnWindow;
  /** False for admins: they decide returns, the buying agency asks. */
  readonly mayAsk: boolean;
  readonly busy: boolean;
  readonly onSubmit: (
    reason: ReturnReason,
    note: string,
    evidence: string[],
  ) => Promise<string | null>;
}) => {
  const now = useNow();
  const [asking, setAsking] = useState(false);
  const endsAt = new Date(window.endsAt);
  const open = returnTimeLeft(endsAt, now) !== null;
  return (
    <>
      <Alert
        severity={open ? 'info' : 'warning'}
        variant="outlined"
        sx={{ mt: 1 }}
        // A timer: read when reached, not announced at every tick (a status would be).
        role="timer"
        aria-label="Return window"
      >
        {returnCountdownText(endsAt, now)}
      </Alert>
      {open && mayAsk && (
        <>
          <Button
            sx={{ mt: 1, width: { xs: '100%', sm: 'auto' } }}
            variant="outlined"
            onClick={() => setAsking(true)}
          >
            Request return
          </Button>
          {asking && (
            <ReturnDialog
              timeline={timelineOf(view)}
              busy={busy}
              onClose={() => setAsking(false)}
              onSubmit={onSubmit}
            />
          )}
        </>
      )}
    </>
  );
};
