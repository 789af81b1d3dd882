import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useServices } from '../app/services';
import { apiRead, type ApiRead } from './queries';

/**
 * A relay GET through the query cache, for code that awaits a read in a sequence or a callback
 * rather than rendering it (see `apiRead`). Stable while the services and the cache are.
 */
export const useApiRead = (): ApiRead => {
  const { api } = useServices();
  const client = useQueryClient();
  return useMemo(() => apiRead(client, api), [api, client]);
};
