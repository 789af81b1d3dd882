import { lazy, type ComponentType } from 'react';

/** React.lazy of a module's named export (React.lazy itself wants a default one). */
export const lazyNamed = <K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) => lazy(() => load().then((m) => ({ default: m[name] })));
