import type { Marketplace, PriorityEntry } from '../schemas/marketplace.js';
import { ADMIN_UI } from './constants.js';

/** The fields the list logic reads; the full marketplace fits. */
export type ListMarketplace = Pick<
  Marketplace,
  'id' | 'marketplaceName' | 'enabled' | 'priority' | 'includedInMarketplaceFlow'
>;

/** The three lists of the marketplaces screen. */
export interface MarketplaceLists<T extends ListMarketplace> {
  /** Enabled flow marketplaces, in priority order: the orderable ones. */
  readonly enabled: readonly T[];
  /** Disabled flow marketplaces, by name. */
  readonly disabled: readonly T[];
  /** Marketplaces outside the flow, by name. */
  readonly nonFlow: readonly T[];
}

const byName = (a: ListMarketplace, b: ListMarketplace) =>
  a.marketplaceName.localeCompare(b.marketplaceName, 'en');

/** Priority order: missing priority last, equal priorities by name. */
const byPriority = (a: ListMarketplace, b: ListMarketplace) => {
  const pa = a.priority ?? Number.POSITIVE_INFINITY;
  const pb = b.priority ?? Number.POSITIVE_INFINITY;
  return pa === pb ? byName(a, b) : pa - pb;
};

/** Splits marketplaces into enabled flow (by priority), disabled flow and non-flow (by name). */
export function splitMarketplaces<T extends ListMarketplace>(
  all: readonly T[],
): MarketplaceLists<T> {
  const flow = all.filter((m) => m.includedInMarketplaceFlow);
  return {
    enabled: flow.filter((m) => m.enabled).sort(byPriority),
    disabled: flow.filter((m) => !m.enabled).sort(byName),
    nonFlow: all.filter((m) => !m.includedInMarketplaceFlow).sort(byName),
  };
}

/**
 * Toggling Enabled. A flow marketplace moves between the lists: enabling appends it to the enabled
 * list (it has no priority yet, so it sorts last), disabling clears its priority and files it by
 * name. A non-flow marketplace only changes its flag.
 */
export function toggleEnabled<T extends ListMarketplace>(
  lists: MarketplaceLists<T>,
  id: number,
  enabled: boolean,
): MarketplaceLists<T> {
  const nonFlow = lists.nonFlow.map((m) => (m.id === id ? { ...m, enabled } : m));
  const target = [...lists.enabled, ...lists.disabled].find((m) => m.id === id);
  if (target === undefined || target.enabled === enabled) return { ...lists, nonFlow };
  const moved = { ...target, enabled, priority: enabled ? target.priority : null };
  const enabledList = lists.enabled.filter((m) => m.id !== id);
  const disabledList = lists.disabled.filter((m) => m.id !== id);
  return enabled
    ? { enabled: [...enabledList, moved], disabled: disabledList, nonFlow }
    : { enabled: enabledList, disabled: [...disabledList, moved].sort(byName), nonFlow };
}

/** The enabled list after dragging the row at `from` to `to` (indexes out of range: unchanged). */
export function moveEnabled<T extends ListMarketplace>(
  lists: MarketplaceLists<T>,
  from: number,
  to: number,
): MarketplaceLists<T> {
  const list = [...lists.enabled];
  const [row] = list.splice(from, 1);
  if (row === undefined || to < 0 || to > list.length) return lists;
  list.splice(to, 0, row);
  return { ...lists, enabled: list };
}

/** Priorities to send: the 1-based position of each enabled marketplace. */
export const prioritiesOf = (enabled: readonly ListMarketplace[]): PriorityEntry[] =>
  enabled.map((m, i) => ({ id: m.id, priority: i + ADMIN_UI.firstPriority }));

const ids = (list: readonly ListMarketplace[]) => list.map((m) => m.id).join(',');

/** True when the enabled order differs from the loaded one. */
export const orderChanged = <T extends ListMarketplace>(
  loaded: MarketplaceLists<T>,
  current: MarketplaceLists<T>,
): boolean => ids(loaded.enabled) !== ids(current.enabled);

const allOf = <T extends ListMarketplace>(l: MarketplaceLists<T>): T[] => [
  ...l.enabled,
  ...l.disabled,
  ...l.nonFlow,
];

/** Marketplaces whose enabled flag differs from the loaded one, as they are now. */
export function changedMarketplaces<T extends ListMarketplace>(
  loaded: MarketplaceLists<T>,
  current: MarketplaceLists<T>,
): T[] {
  const before = new Map(allOf(loaded).map((m) => [m.id, m.enabled]));
  return allOf(current).filter((m) => before.get(m.id) !== m.enabled);
}

/** Unsaved changes: the enabled order or any enabled flag differs from what was loaded. */
export const hasUnsavedChanges = <T extends ListMarketplace>(
  loaded: MarketplaceLists<T>,
  current: MarketplaceLists<T>,
): boolean => orderChanged(loaded, current) || changedMarketplaces(loaded, current).length > 0;

/** One call of a list save, in the order they must run. */
export type ListSaveStep<T> =
  | { readonly kind: 'priorities'; readonly priorities: PriorityEntry[] }
  | { readonly kind: 'update'; readonly marketplace: T };

/**
 * The calls a list save makes: the priorities first if the enabled order changed, then one update
 * per marketplace whose enabled flag changed (carrying its new priority, or null when disabled).
 * Nothing changed gives no step. When every marketplace was disabled there is no order to send.
 */
export function listSavePlan<T extends ListMarketplace>(
  loaded: MarketplaceLists<T>,
  current: MarketplaceLists<T>,
): ListSaveStep<T>[] {
  const priorities = prioritiesOf(current.enabled);
  const position = new Map(priorities.map((p) => [p.id, p.priority]));
  const steps: ListSaveStep<T>[] = [];
  if (orderChanged(loaded, current) && priorities.length > 0) {
    steps.push({ kind: 'priorities', priorities });
  }
  for (const m of changedMarketplaces(loaded, current)) {
    const priority = m.includedInMarketplaceFlow ? (position.get(m.id) ?? null) : m.priority;
    steps.push({ kind: 'update', marketplace: { ...m, priority } });
  }
  return steps;
}
