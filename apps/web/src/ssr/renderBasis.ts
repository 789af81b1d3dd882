import type { PaletteMode } from '@mui/material/styles';
import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * What a server render read that the browser would read differently: the clock, the viewer's
 * time zone and the colour scheme. The browser renders with the same while it hydrates, so both
 * sides give the same markup; after hydration each screen reads its own again.
 */
export interface RenderBasis {
  /** Epoch ms the page was rendered at: relative times ("5 minutes ago") count from it. */
  readonly now: number;
  readonly timeZone: string;
  readonly mode: PaletteMode;
  /** Whether the visitor is on a phone (its client hint or user agent): the narrow layouts. */
  readonly mobile: boolean;
}

/** The basis of the server render this tree hydrates (null on client-only pages). */
export const RenderBasisContext = createContext<RenderBasis | null>(null);

const subscribeNever = () => () => undefined;

/**
 * The server render's basis, while the tree is rendered on the server or hydrated; null once
 * hydrated and on client-only pages. React renders again with the browser's own values right
 * after hydration (the snapshot differs from the server's).
 */
export const useRenderBasis = (): RenderBasis | null => {
  const basis = useContext(RenderBasisContext);
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  return hydrated ? null : basis;
};
