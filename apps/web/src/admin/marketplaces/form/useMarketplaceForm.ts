import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import {
  DELIVERY_DAYS_PATH,
  emailListProblem,
  marketplaceFormSchema,
  newMarketplaceDefaults,
  parseEmailList,
  recipientRows,
  syncRecipients,
  type AgencyUser,
  type Marketplace,
  type MarketplaceFormContext,
  type MarketplaceFormValues,
  type MarketplaceRoute,
} from '@referrals/shared';
import { DEPENDENTS } from './dependents';
import { applyValues, type FieldName, type MarketplaceForm } from './formTypes';
import { useFormData, type TypedAgency } from './useFormData';
import { useFormSave } from './useFormSave';
import { useLookups } from './useLookups';

/** Fields whose change the recipient rows follow (days, times, timezone, 24 hours). */
const MARKETPLACE_WINDOW = /^(acceptReferralsOn(?!BankHolidays)|referralDelivery|deliver24Hours)/;

/** The recipient rows again, with the mobile phones of `users` (when the list reads right). */
const refreshRecipientRows = (form: MarketplaceForm, users: readonly AgencyUser[]): void => {
  const values = form.getValues();
  if (emailListProblem(values.emailRecipients, false) !== null) return;
  const rows = recipientRows(parseEmailList(values.emailRecipients), values, users);
  applyValues(form, { ...values, individualEmailRecipientSettings: rows });
};

/**
 * Everything the form page needs: the react-hook-form handle validated by the shared schema (with
 * the lookups in its context), the load sequence, the lookups, saving, and the refresh of the
 * individual recipient rows when the marketplace's recipients, days or times change.
 */
export const useMarketplaceForm = (route: MarketplaceRoute) => {
  // One mutable object: the resolver reads it at each validation, the lookups write it.
  const context = useRef<MarketplaceFormContext>({}).current;
  const form: MarketplaceForm = useForm<MarketplaceFormValues, MarketplaceFormContext>({
    resolver: yupResolver(marketplaceFormSchema),
    context,
    mode: 'all',
    defaultValues: newMarketplaceDefaults(),
  });
  /** The individual-settings switch as last loaded or chosen (API delivery off restores it). */
  const storedIndividual = useRef(false);
  // A typed or changed agency id (on a new marketplace too) keys the query of that agency's users;
  // the next fill goes back to the saved marketplace's.
  const [typed, setTyped] = useState<TypedAgency>(null);
  const onAgencyTyped = useCallback((agencyId: number | null) => setTyped({ agencyId }), []);
  const record = useCallback(
    (found: Partial<MarketplaceFormContext>) => Object.assign(context, found),
    [context],
  );
  const lookups = useLookups(form, record, onAgencyTyped);
  const onFilled = useMemo(
    () => (m: Marketplace | null) => {
      storedIndividual.current = m?.enableIndividualEmailDeliverySettings ?? false;
      lookups.loaded(m?.agencyId ?? null, m?.defaultPurchasingAgentEmailAddress ?? '');
    },
    [lookups],
  );
  const data = useFormData(form, route, onFilled, typed, setTyped);
  const saving = useFormSave(form, route, data);
  // Recipients already listed take a typed agency's verified mobile phones once they are read.
  const { agencyUsers, typedAgencyUsers } = data;
  useEffect(() => {
    if (typedAgencyUsers) refreshRecipientRows(form, typedAgencyUsers);
  }, [form, typedAgencyUsers]);

  // Subscribed again when the users query answers (its data keeps its identity until then), so
  // rows made from a typed list carry the phones of the agency the form follows.
  useEffect(() => {
    // react-hook-form's watch: the React Compiler skips this hook, which nothing here relies on.
    // eslint-disable-next-line react-hooks/incompatible-library
    const sub = form.watch((_values, { name }) => {
      if (name === undefined || name === 'individualEmailRecipientSettings') return;
      const dependents = DEPENDENTS[name];
      if (dependents) void form.trigger([...dependents]);
      // Rows follow a list that reads right; half-typed addresses make no rows.
      if (name === 'emailRecipients') refreshRecipientRows(form, agencyUsers);
      else if (MARKETPLACE_WINDOW.test(name)) {
        applyValues(form, syncRecipients(form.getValues()));
        // The at-least-one-day rule sits on no single field; validate its path by name.
        if (name.startsWith('acceptReferralsOn'))
          void form.trigger(DELIVERY_DAYS_PATH as FieldName);
      }
    });
    return () => sub.unsubscribe();
  }, [form, agencyUsers]);

  return { form, context, lookups, data, storedIndividual, ...saving };
};
