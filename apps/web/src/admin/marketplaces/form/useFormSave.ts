import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ADMIN_ROUTES,
  FORM_TOASTS,
  toMarketplacePayload,
  type MarketplaceFormValues,
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

/**
 * Saving: POST /api/marketplaces for a new one (then to the list), PUT /api/marketplaces/:id with
 * the loaded version for an existing one (then reloaded, pristine, staying). A stale version (409)
 * is never retried over the other admin's work: the form says so and offers to reload.
 */
export const useFormSave = (form: MarketplaceForm, route: MarketplaceRoute, data: FormData) => {
  const { api } = useServices();
  const toast = useToast();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState(false);
  const [problem, setProblem] = useState<SaveProblem>(NO_PROBLEM);

  const saveValues = useCallback(
    async (values: MarketplaceFormValues) => {
      const name = values.marketplaceName.trim();
      const payload = toMarketplacePayload(values, {
        sources: data.sources,
        naicsCodes: data.naicsCodes,
      });
      setSaving(true);
      setProblem(NO_PROBLEM);
      try {
        if (route.mode === 'edit') {
          const version = data.saved?.version ?? '';
          await api.put(`/api/marketplaces/${route.id}`, { version, marketplace: payload });
          toast(FORM_TOASTS.updated(name));
          await data.reload();
        } else {
          await api.post('/api/marketplaces', payload);
          toast(FORM_TOASTS.created(name));
          setCreated(true);
          form.reset(values);
        }
      } catch (err) {
        log.error('could not save the marketplace', err);
        if (isApiError(err, 409)) setProblem({ conflict: err.error, invalid: [] });
        else if (isApiError(err, 400)) setProblem({ conflict: null, invalid: err.details });
        toast(
          route.mode === 'edit' ? FORM_TOASTS.updateFailed(name) : FORM_TOASTS.createFailed(name),
        );
      } finally {
        setSaving(false);
      }
    },
    [api, data, form, route, toast],
  );

  // Navigate once the pristine, just-created state has rendered, so the guard lets it through.
  useEffect(() => {
    if (created) void navigate(ADMIN_ROUTES.marketplaces);
  }, [created, navigate]);

  const save = useCallback(() => form.handleSubmit(saveValues)(), [form, saveValues]);
  const clearProblem = useCallback(() => setProblem(NO_PROBLEM), []);
  return { save, saving, created, problem, clearProblem };
};
