import { useEffect, useRef, useState } from 'react';
import { Autocomplete, FormControl, TextField, Typography } from '@mui/material';
import { DROPDOWN, stateFilterHint, US_STATES, type DateFilter } from '@referrals/shared';
import { tokenColour } from '../theme/theme';

/** One choice of the filter: a state code, or null for All States. */
interface Choice {
  readonly code: string | null;
  readonly label: string;
}

const ALL_STATES: Choice = { code: null, label: 'All States' };
const STATE_CHOICES: readonly Choice[] = US_STATES.map((s) => ({
  code: s.code,
  label: `${s.code} - ${s.name}`,
}));

const EVERY_CHOICE: readonly Choice[] = [ALL_STATES, ...STATE_CHOICES];

/**
 * The choices for the typed text: All States and every state before anything is typed; then the
 * states whose code starts with it or whose name contains it.
 */
const choicesFor = (typed: string): readonly Choice[] => {
  const q = typed.trim().toLowerCase();
  if (q === '') return EVERY_CHOICE;
  return STATE_CHOICES.filter((c) => {
    const [code = '', name = ''] = c.label.toLowerCase().split(' - ');
    return code.startsWith(q) || name.includes(q);
  });
};

/** The choice shown for a filter value; a URL state no list knows is shown as its code. */
const choiceOf = (code: string | null): Choice =>
  code === null
    ? ALL_STATES
    : (STATE_CHOICES.find((c) => c.code === code) ?? { code, label: code });

/**
 * The state filter: All States (no filter) and the 50 states plus DC, with the 72-hour hint. A
 * typeahead (spec section 9): the list follows the typed text once 200 ms pass without a key,
 * says 'No results.' when nothing matches, and is at most half the window high.
 */
export const StateFilter = ({
  value,
  dateFilter,
  onChange,
}: {
  readonly value: string | null;
  readonly dateFilter: DateFilter;
  readonly onChange: (code: string | null) => void;
}) => {
  const chosen = choiceOf(value);
  // What the box shows: the chosen label, or what the user is typing.
  const [text, setText] = useState<string | null>(null);
  // The text the list follows: the typed text once no key came for 200 ms ('' = not filtering).
  const [filter, setFilter] = useState('');
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const stopTyping = () => {
    clearTimeout(settle.current);
    setText(null);
    setFilter('');
  };
  const type = (typed: string) => {
    setText(typed);
    clearTimeout(settle.current);
    if (typed === '') setFilter('');
    else settle.current = setTimeout(() => setFilter(typed), DROPDOWN.typeaheadDebounceMs);
  };
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <Autocomplete<Choice, false, true>
        size="small"
        disableClearable
        openOnFocus
        autoHighlight
        options={
          chosen.code === null || STATE_CHOICES.includes(chosen)
            ? EVERY_CHOICE
            : [...EVERY_CHOICE, chosen]
        }
        value={chosen}
        inputValue={text ?? chosen.label}
        isOptionEqualToValue={(a, b) => a.code === b.code}
        getOptionLabel={(c) => c.label}
        getOptionKey={(c) => c.code ?? 'all'}
        // Filtering is ours: by the settled text, not each key.
        filterOptions={() => [...choicesFor(filter)]}
        noOptionsText={DROPDOWN.emptyText}
        onInputChange={(_e, typed, reason) => {
          if (reason === 'input') type(typed);
        }}
        onChange={(_e, choice) => {
          stopTyping();
          if (choice.code !== value) onChange(choice.code);
        }}
        onClose={stopTyping}
        slotProps={{
          listbox: {
            sx: { maxHeight: `${DROPDOWN.stateDropdownMaxHeightPercentOfViewport}vh` },
          },
        }}
        renderInput={(params) => <TextField {...params} label="State" />}
      />
      <Typography variant="caption" sx={{ color: (t) => tokenColour(t, 'grey'), mt: 0.25 }}>
        {stateFilterHint(dateFilter)}
      </Typography>
    </FormControl>
  );
};
