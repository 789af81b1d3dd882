import type { Path, UseFormReturn } from 'react-hook-form';
import type { MarketplaceFormContext, MarketplaceFormValues } from '@referrals/shared';

/** The marketplace form's react-hook-form handle. */
export type MarketplaceForm = UseFormReturn<MarketplaceFormValues, MarketplaceFormContext>;

/** A field name of the form. */
export type FieldName = Path<MarketplaceFormValues>;

/** The error path of a rule no single field holds (e.g. 'deliveryDays'). */
export const errorAt = (form: MarketplaceForm, path: string): string | undefined => {
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return errors[path]?.message;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes the fields a shared transition changed (applyPaymentOption, apply24Hours, ...), marking
 * them dirty and validating them, and leaves the others alone.
 */
export const applyValues = (form: MarketplaceForm, next: MarketplaceFormValues): void => {
  const now = form.getValues();
  for (const key of Object.keys(next) as (keyof MarketplaceFormValues)[]) {
    if (!same(now[key], next[key])) {
      form.setValue(key, next[key], { shouldDirty: true, shouldValidate: true });
    }
  }
};
