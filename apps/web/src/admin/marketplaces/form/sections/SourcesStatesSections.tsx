import { GRID_COLUMNS, US_STATES } from '@referrals/shared';
import type { MarketplaceForm } from '../formTypes';
import { CheckboxGrid } from '../fields/CheckboxGrid';
import { Section } from '../fields/Section';

/** The source that is never chosen here: direct calls reach every marketplace by phone. */
const DIRECT_CALL_SOURCE = 'direct-call';

/** Section 5, Referral Sources: a 5-column grid; 'direct-call' is always disabled. */
export const SourcesSection = ({
  form,
  sources,
}: {
  readonly form: MarketplaceForm;
  readonly sources: readonly string[];
}) => (
  <Section id="sources" title="Referral Sources">
    <CheckboxGrid
      form={form}
      name="checkedSources"
      label="Referral Sources"
      columns={GRID_COLUMNS.sources}
      options={sources.map((s) => ({ value: s, label: s, disabled: s === DIRECT_CALL_SOURCE }))}
    />
  </Section>
);

/** Section 7, States: a 7-column grid, by state name. */
export const StatesSection = ({ form }: { readonly form: MarketplaceForm }) => (
  <Section id="states" title="States">
    <CheckboxGrid
      form={form}
      name="checkedStates"
      label="States"
      columns={GRID_COLUMNS.states}
      options={US_STATES.map((s) => ({ value: s.code, label: s.name }))}
    />
  </Section>
);
