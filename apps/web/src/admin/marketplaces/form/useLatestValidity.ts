import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { marketplaceFormSchema, type MarketplaceFormContext } from '@referrals/shared';
import type { MarketplaceForm } from './formTypes';

/**
 * Whether the form's values pass the shared schema, from the latest check only. react-hook-form's
 * own isValid is also set by every trigger() (the cross-field checks run several), and an
 * earlier async validation finishing after a later one leaves it stale: a valid form whose Save
 * stays disabled. Here each check supersedes the ones before it. It re-runs when a value
 * changes and after each react-hook-form validation (lookups change the context, then trigger).
 */
export const useLatestValidity = (
  form: MarketplaceForm,
  context: MarketplaceFormContext,
): boolean => {
  const values = useWatch({ control: form.control });
  const { isValid: validated, isValidating } = form.formState;
  const [valid, setValid] = useState(false);
  useEffect(() => {
    let latest = true;
    marketplaceFormSchema
      .isValid(form.getValues(), { context, abortEarly: true })
      .then((v) => {
        if (latest) setValid(v);
      })
      .catch(() => {
        if (latest) setValid(false);
      });
    return () => {
      latest = false;
    };
  }, [form, context, values, validated, isValidating]);
  return valid;
};
