import { useEffect, useEffectEvent } from 'react';

/**
 * Runs `report` (a log line, a toast) once for each new failure of a query, not on every render:
 * TanStack Query keeps one error object until the next try fails.
 */
export const useOnError = (error: unknown, report: (err: unknown) => void): void => {
  const onError = useEffectEvent(report);
  useEffect(() => {
    if (error) onError(error);
  }, [error]);
};
