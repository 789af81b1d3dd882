import type { PaletteMode } from '@mui/material/styles';
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';

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
const RenderBasisContext = createContext<RenderBasis | null>(null);

/**
 * Holds the server render's basis while the tree hydrates, then drops it: the screens render
 * again with the browser's own clock, time zone and colours, as one transition (React renders it
 * in slices between the browser's own work, so a phone is not blocked for the whole table).
 */
export const RenderBasisProvider = ({
  basis,
  children,
}: {
  basis: RenderBasis | null;
  children: ReactNode;
}) => {
  const [held, setHeld] = useState(basis);
  useEffect(() => {
    startTransition(() => setHeld(null));
  }, []);
  return <RenderBasisContext.Provider value={held}>{children}</RenderBasisContext.Provider>;
};

/**
 * The server render's basis, while the tree is rendered on the server or hydrated; null once
 * hydrated and on client-only pages.
 */
export const useRenderBasis = (): RenderBasis | null => useContext(RenderBasisContext);
