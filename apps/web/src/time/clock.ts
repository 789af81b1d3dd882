import { atom, useAtomValue } from 'jotai';
import { startTransition } from 'react';
import { useRenderBasis } from '../ssr/renderBasis';

const TICK_MS = 1000;

/** The last tick (epoch ms); null until the first. */
const ticking = atom<number | null>(null);
// The interval runs only while some cell shows a countdown or an age.
// Each tick re-renders its cells as a transition: React renders them in slices, so a page of
// countdowns never blocks a slow phone's input or its hydration.
ticking.onMount = (set) => {
  const tick = () => startTransition(() => set(Date.now()));
  const id = setInterval(tick, TICK_MS);
  return () => clearInterval(id);
};

/**
 * The one shared clock of the tab (epoch ms, ticks each second). Only countdown and age cells
 * read it, so a tick re-renders those cells and never the grid around them. Before the first
 * tick it is the time of the first render that reads it (not of the module's load: a tab opened
 * minutes ago would show its first ages minutes short until a deferred tick landed).
 */
const clockAtom = atom((get) => get(ticking) ?? Date.now());

/**
 * The shared clock as a Date, for cells that tick; while a server render is rendered or hydrated,
 * the time it was rendered at (so both give the same "5 minutes ago").
 */
export const useNow = (): Date => {
  const ticked = useAtomValue(clockAtom);
  return new Date(useRenderBasis()?.now ?? ticked);
};

let zone: string | null = null;
/**
 * The viewer's own time zone: dates read as the viewer's calendar says. Read on first use (the
 * date formats' data costs a phone ~5 ms), not while the page's scripts load.
 */
export const viewerTimeZone = (): string =>
  (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The viewer's time zone; the server render's while it is rendered or hydrated. */
export const useViewerTimeZone = (): string => useRenderBasis()?.timeZone ?? viewerTimeZone();
