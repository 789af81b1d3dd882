import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { ValidationError } from 'yup';
import { marketplaceFormSchema, type MarketplaceFormContext } from '@referrals/shared';
import { fieldElement, fieldOf } from './focusField';
import type { MarketplaceForm } from './formTypes';

/** One reason the form cannot be saved: the field it is about and the schema's message. */
export interface FormProblem {
  readonly field: string;
  readonly message: string;
}

/** What the latest check of the whole form found; `checked` is false until the first one ends. */
export interface FormProblems {
  readonly checked: boolean;
  readonly problems: readonly FormProblem[];
}

const UNCHECKED: FormProblems = { checked: false, problems: [] };

/** Where a field sits on the page, for listing problems top to bottom (unplaced ones last). */
const byPlace = (a: FormProblem, b: FormProblem): number => {
  const [x, y] = [fieldElement(a.field), fieldElement(b.field)];
  if (!x || !y) return x ? -1 : y ? 1 : 0;
  if (x === y) return 0;
  return x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
};

/** One problem per field, the first message the schema gave it. */
const problemsOf = (err: unknown): FormProblem[] => {
  if (!(err instanceof ValidationError))
    return [{ field: '', message: 'The form could not be checked.' }];
  const found = new Map<string, string>();
  for (const e of err.inner.length > 0 ? err.inner : [err]) {
    const field = fieldOf(e.path ?? '');
    if (!found.has(field)) found.set(field, e.errors[0] ?? e.message);
  }
  return [...found].map(([field, message]) => ({ field, message })).sort(byPlace);
};

/**
 * Every reason the form's values fail the shared schema, from the latest check only. react-hook-
 * form's own isValid is also set by every trigger() (the cross-field checks run several), and an
 * earlier async validation finishing after a later one leaves it stale: a valid form whose Save
 * stays disabled. Here each check supersedes the ones before it. It re-runs when a value
 * changes and after each react-hook-form validation (lookups change the context, then trigger).
 */
export const useFormProblems = (
  form: MarketplaceForm,
  context: MarketplaceFormContext,
): FormProblems => {
  const values = useWatch({ control: form.control });
  const { isValid: validated, isValidating } = form.formState;
  const [found, setFound] = useState<FormProblems>(UNCHECKED);
  useEffect(() => {
    let latest = true;
    // Both branches end in a value: nothing is left to reject.
    void marketplaceFormSchema
      .validate(form.getValues(), { context, abortEarly: false })
      .then(
        () => [],
        (err: unknown) => problemsOf(err),
      )
      .then((problems) => {
        if (latest) setFound({ checked: true, problems });
      });
    return () => {
      latest = false;
    };
  }, [form, context, values, validated, isValidating]);
  return found;
};
