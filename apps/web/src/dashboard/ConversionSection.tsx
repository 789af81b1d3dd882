import { Alert, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { DateFilter, formatUsd, type ConversionFigures } from '@referrals/shared';
import { ContactSpeed } from '../contact/ContactSpeed';
import { DateFilterSelect } from '../referrals/DateFilterSelect';
import { ConversionTable } from './ConversionTable';
import { BREAKDOWNS, formatRate } from './conversionRows';
import { Figure } from './Figure';
import { useConversion, type ConversionAnswer } from './useConversion';

/** Names of the section and its figures (tests and screen readers find them by these). */
export const CONVERSION_LABELS = {
  heading: 'Conversion',
  window: 'Window',
  bought: 'Bought',
  quoted: 'Quoted',
  bound: 'Bound',
  unable: 'Unable to service',
  spend: 'Spend',
  costPerBound: 'Cost per bound policy',
  returned: 'Returned',
} as const;

const L = CONVERSION_LABELS;

/** The headline figures: rates as the value, the count beside them. */
const Totals = ({ t, returns }: { readonly t: ConversionFigures; readonly returns: boolean }) => {
  const of = (n: number) => `${n} of ${t.bought} bought`;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }} spacing={2}>
      <Figure level="h3" label={L.bought} value={t.bought} />
      <Figure level="h3" label={L.quoted} value={formatRate(t.quotedRate)} note={of(t.quoted)} />
      <Figure level="h3" label={L.bound} value={formatRate(t.boundRate)} note={of(t.bound)} />
      <Figure level="h3" label={L.unable} value={formatRate(t.unableRate)} note={of(t.unable)} />
      {returns && (
        <Figure
          level="h3"
          label={L.returned}
          value={formatRate(t.returnRate)}
          note={of(t.returned)}
        />
      )}
      <Figure level="h3" label={L.spend} value={formatUsd(t.spend)} note="less approved returns" />
      <Figure
        level="h3"
        label={L.costPerBound}
        value={t.costPerBound === null ? 'None bound' : formatUsd(t.costPerBound)}
      />
    </Stack>
  );
};

/** The figures and their breakdowns; the market view adds each agency's, with returns. */
const Figures = ({ d }: { readonly d: ConversionAnswer }) => {
  const market = d.scope === 'market';
  if (d.totals.bought === 0)
    return <Typography color="text.secondary">No referrals were bought in this window.</Typography>;
  return (
    <Stack spacing={2}>
      <Totals t={d.totals} returns={market} />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }} spacing={3}>
        {BREAKDOWNS.map((b) => {
          const groups = d[b.field];
          // byAgency is null in an agency's answer.
          return groups ? (
            <ConversionTable
              key={b.field}
              title={b.title}
              groupTitle={b.groupTitle}
              groups={groups}
              name={b.name}
              returns={market}
            />
          ) : null;
        })}
      </Stack>
    </Stack>
  );
};

/**
 * What bought referrals became, for the user's agency or (admins) the market: computed by the
 * relay, read again live as progress, returns and purchases change. Shows nothing for a user the
 * relay gives none (403: no agency).
 */
export const ConversionSection = () => {
  const id = useId();
  const [dateFilter, setDateFilter] = useState<DateFilter>(DateFilter.Last30Days);
  const state = useConversion(dateFilter);
  if (state.status === 'hidden') return null;
  const whose =
    state.status !== 'ready'
      ? null
      : state.data.scope === 'market'
        ? 'Market-wide, every agency'
        : state.data.agency;
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', mb: 1 }}>
          <Stack sx={{ flex: '1 1 auto' }}>
            <Typography id={id} component="h2" variant="subtitle1">
              {L.heading}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {[whose, 'what the referrals bought in this window became, live']
                .filter(Boolean)
                .join(': ')}
            </Typography>
          </Stack>
          <DateFilterSelect label={L.window} value={dateFilter} onChange={setDateFilter} />
        </Stack>
        {state.status === 'loading' && (
          <CircularProgress aria-label="Loading the conversion" size={24} />
        )}
        {state.status === 'failed' && (
          <Alert severity="warning">
            The conversion could not be read. It is read again on the next change.
          </Alert>
        )}
        {state.status === 'ready' && <Figures d={state.data} />}
        <ContactSpeed dateFilter={dateFilter} />
      </CardContent>
    </Card>
  );
};
