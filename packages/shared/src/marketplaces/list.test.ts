import { describe, expect, it } from 'vitest';
import {
  changedMarketplaces,
  hasUnsavedChanges,
  listSavePlan,
  moveEnabled,
  prioritiesOf,
  splitMarketplaces,
  toggleEnabled,
  type ListMarketplace,
} from './list.js';

const mp = (
  id: number,
  marketplaceName: string,
  enabled: boolean,
  priority: number | null,
  flow = true,
): ListMarketplace => ({
  id,
  marketplaceName,
  enabled,
  priority,
  includedInMarketplaceFlow: flow,
});

const ALL = [
  mp(1, 'Delta', true, 2),
  mp(2, 'Alpha', true, null),
  mp(3, 'Bravo', true, 1),
  mp(4, 'Zulu', false, null),
  mp(5, 'Echo', false, 7),
  mp(6, 'Kilo', true, 1, false),
  mp(7, 'Golf', false, null, false),
  mp(8, 'Charlie', true, null),
];
const names = (l: readonly ListMarketplace[]) => l.map((m) => m.marketplaceName);
const loaded = splitMarketplaces(ALL);

describe('marketplace-admin §4 list split and toggling', () => {
  it.each([
    [
      'enabled flow by priority, missing last (then by name)',
      loaded.enabled,
      ['Bravo', 'Delta', 'Alpha', 'Charlie'],
    ],
    ['disabled flow by name', loaded.disabled, ['Echo', 'Zulu']],
    ['non-flow by name', loaded.nonFlow, ['Golf', 'Kilo']],
  ])('%s', (_name, list, expected) => {
    expect(names(list)).toEqual(expected);
  });

  it('disabling moves a flow marketplace to the disabled list and clears its priority', () => {
    const next = toggleEnabled(loaded, 1, false);
    expect(names(next.enabled)).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(names(next.disabled)).toEqual(['Delta', 'Echo', 'Zulu']);
    expect(next.disabled[0]).toMatchObject({ enabled: false, priority: null });
  });

  it('enabling moves a flow marketplace to the end of the enabled list', () => {
    const next = toggleEnabled(loaded, 4, true);
    expect(names(next.enabled)).toEqual(['Bravo', 'Delta', 'Alpha', 'Charlie', 'Zulu']);
    expect(names(next.disabled)).toEqual(['Echo']);
  });

  it('toggling a non-flow marketplace only flips its flag', () => {
    const next = toggleEnabled(loaded, 7, true);
    expect(next.nonFlow.find((m) => m.id === 7)?.enabled).toBe(true);
    expect(next.enabled).toBe(loaded.enabled);
  });

  it('toggling to the current value changes nothing', () => {
    expect(toggleEnabled(loaded, 1, true).enabled).toBe(loaded.enabled);
  });

  it.each([
    [0, 2, ['Delta', 'Alpha', 'Bravo', 'Charlie']],
    [3, 0, ['Charlie', 'Bravo', 'Delta', 'Alpha']],
    [9, 0, ['Bravo', 'Delta', 'Alpha', 'Charlie']],
    [0, 9, ['Bravo', 'Delta', 'Alpha', 'Charlie']],
  ])('dragging row %i to %i gives %j', (from, to, expected) => {
    expect(names(moveEnabled(loaded, from, to).enabled)).toEqual(expected);
  });
});

describe('marketplace-admin §4 priorities, unsaved changes and save plan', () => {
  it('priorities are the 1-based positions among enabled', () => {
    expect(prioritiesOf(loaded.enabled)).toEqual([
      { id: 3, priority: 1 },
      { id: 1, priority: 2 },
      { id: 2, priority: 3 },
      { id: 8, priority: 4 },
    ]);
  });

  it.each([
    ['nothing changed', loaded, false],
    ['order changed', moveEnabled(loaded, 0, 1), true],
    ['a flag changed', toggleEnabled(loaded, 7, true), true],
    [
      'a flag changed and changed back',
      toggleEnabled(toggleEnabled(loaded, 7, true), 7, false),
      false,
    ],
  ])('%s: unsaved %s', (_name, current, unsaved) => {
    expect(hasUnsavedChanges(loaded, current)).toBe(unsaved);
  });

  it('plans nothing when nothing changed', () => {
    expect(listSavePlan(loaded, loaded)).toEqual([]);
  });

  it('plans the priorities alone after a reorder', () => {
    expect(listSavePlan(loaded, moveEnabled(loaded, 1, 0))).toEqual([
      {
        kind: 'priorities',
        priorities: [
          { id: 1, priority: 1 },
          { id: 3, priority: 2 },
          { id: 2, priority: 3 },
          { id: 8, priority: 4 },
        ],
      },
    ]);
  });

  it('plans the priorities first, then each changed marketplace', () => {
    const current = toggleEnabled(toggleEnabled(loaded, 4, true), 3, false);
    const plan = listSavePlan(loaded, current);
    expect(plan.map((s) => s.kind)).toEqual(['priorities', 'update', 'update']);
    expect(plan.slice(1)).toEqual([
      { kind: 'update', marketplace: { ...ALL[3], enabled: true, priority: 4 } },
      { kind: 'update', marketplace: { ...ALL[2], enabled: false, priority: null } },
    ]);
    expect(changedMarketplaces(loaded, current).map((m) => m.id)).toEqual([4, 3]);
  });

  it('keeps the priority of a non-flow marketplace and sends no empty priority list', () => {
    const onlyNonFlow = splitMarketplaces([mp(1, 'A', true, 1), mp(6, 'Kilo', true, 9, false)]);
    const current = toggleEnabled(toggleEnabled(onlyNonFlow, 1, false), 6, false);
    expect(listSavePlan(onlyNonFlow, current)).toEqual([
      { kind: 'update', marketplace: mp(1, 'A', false, null) },
      { kind: 'update', marketplace: mp(6, 'Kilo', false, 9, false) },
    ]);
  });
});
