import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import {
  ADMIN_ROUTES,
  FORM_TOASTS,
  toMarketplacePayload,
  type MarketplaceFormValues,
  type MarketplacePayload,
  type MarketplaceRoute,
} from '@referrals/shared';
import { isApiError } from '../../../api/ApiError';
import { useServices } from '../../../app/services';
import { logger } from '../../../log';
import { useToast } from '../../../toasts/useToast';
import type { MarketplaceForm } from './formTypes';
import type { FormData } from './useFormData';

const log = logger('marketplace-form');

/** What a refused save left to show. */
export interface SaveProblem {
  /** 409: someone else saved first; the form offers to reload. */
  readonly conflict: string | null;
  /** 400: the relay's field messages. */
  readonly invalid: readonly string[];
}

const NO_PROBLEM: SaveProblem = { conflict: null, invalid: [] };
const ignore = () => undefined;

/** One save: what was asked, as the form and route were when it was. */
interface Save {
  readonly values: MarketplaceFormValues;
  readonly name: string;
  readonly payload: MarketplacePayload;
  readonly route: MarketplaceRoute;
  readonly version: string;
}

/**
 * Saving: POST /api/marketplaces for a new one (then to the list), PUT /api/marketplaces/:id with
 * the loaded version for an existing one (then reloaded, pristine, staying). A stale version (409)
 * is never retried over the other admin's work: the form says so and offers to reload.
 */
export const useFormSave = (form: MarketplaceForm, route: MarketplaceRoute, data: FormData) => {
  const { api } = useServices();
  const toast = useToast();
  const navigate = useNavigate();
  const [created, setCreated] = useState(false);
  const [problem, setProblem] = useState<SaveProblem>(NO_PROBLEM);

  const saving = useMutation({
    mutationFn: ({ route: r, version, payload }: Save) =>
      r.mode === 'edit'
        ? api.put(`/api/marketplaces/${r.id}`, { version, marketplace: { ...payload, id: r.id } })
        : api.post('/api/marketplaces', payload),
    // An edit stays saving until the form is reloaded (a failed reload fails the save).
    onSuccess: async (_answer, { route: r, name, values }) => {
      if (r.mode === 'edit') {
        toast(FORM_TOASTS.updated(name));
        await data.reload();
      } else {
        toast(FORM_TOASTS.created(name));
        setCreated(true);
        form.reset(values);
      }
    },
    onError: (err, { route: r, name }) => {
      log.error('could not save the marketplace', err);
      if (isApiError(err, 409)) setProblem({ conflict: err.error, invalid: [] });
      else if (isApiError(err, 400)) setProblem({ conflict: null, invalid: err.details });
      toast(r.mode === 'edit' ? FORM_TOASTS.updateFailed(name) : FORM_TOASTS.createFailed(name));
    },
  });
  const { mutateAsync } = saving;
  const saveValues = useCallback(
    (values: MarketplaceFormValues) => {
      setProblem(NO_PROBLEM);
      const payload = toMarketplacePayload(values, {
        sources: data.sources,
        naicsCodes: data.naicsCodes,
      });
      const version = data.saved?.version ?? '';
      const name = values.marketplaceName.trim();
      // The mutation's callbacks have said why a save failed; the form's submit never fails.
      return mutateAsync({ values, name, payload, route, version }).then(ignore, ignore);
    },
    [data, mutateAsync, route],
  );

  // Navigate once the pristine, just-created state has rendered, so the guard lets it through.
  useEffect(() => {
    if (created) void navigate(ADMIN_ROUTES.marketplaces);
  }, [created, navigate]);

  const save = useCallback(() => form.handleSubmit(saveValues)(), [form, saveValues]);
  const clearProblem = useCallback(() => setProblem(NO_PROBLEM), []);
  return { save, saving: saving.isPending, created, problem, clearProblem };
};
