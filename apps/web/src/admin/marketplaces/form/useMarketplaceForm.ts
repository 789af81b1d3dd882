import { useEffect, useMemo, useRef } from 'react';
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
  type Marketplace,
  type MarketplaceFormContext,
  type MarketplaceFormValues,
  type MarketplaceRoute,
} from '@referrals/shared';
import { DEPENDENTS } from './dependents';
import { applyValues, type FieldName, type MarketplaceForm } from './formTypes';
import { useFormData } from './useFormData';
import { useFormSave } from './useFormSave';
import { useLookups } from './useLookups';

/** Fields whose change the recipient rows follow (days, times, timezone, 24 hours). */
const MARKETPLACE_WINDOW = /^(acceptReferralsOn(?!BankHolidays)|referralDelivery|deliver24Hours)/;

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
  const lookups = useLookups(form, context);
  const onFilled = useMemo(
    () => (m: Marketplace | null) => {
      storedIndividual.current = m?.enableIndividualEmailDeliverySettings ?? false;
      lookups.loaded(m?.agencyId ?? null, m?.defaultPurchasingAgentEmailAddress ?? '');
    },
    [lookups],
  );
  const data = useFormData(form, route, onFilled);
  const saving = useFormSave(form, route, data);
  const agencyUsers = useRef(data.agencyUsers);
  agencyUsers.current = data.agencyUsers;

  useEffect(() => {
    const sub = form.watch((_values, { name }) => {
      if (name === undefined || name === 'individualEmailRecipientSettings') return;
      const dependents = DEPENDENTS[name];
      if (dependents) void form.trigger([...dependents]);
      const values = form.getValues();
      if (name === 'emailRecipients') {
        // Rows follow a list that reads right; half-typed addresses make no rows.
        if (emailListProblem(values.emailRecipients, false) !== null) return;
        const rows = recipientRows(
          parseEmailList(values.emailRecipients),
          values,
          agencyUsers.current,
        );
        applyValues(form, { ...values, individualEmailRecipientSettings: rows });
      } else if (MARKETPLACE_WINDOW.test(name)) {
        applyValues(form, syncRecipients(values));
        // The at-least-one-day rule sits on no single field; validate its path by name.
        if (name.startsWith('acceptReferralsOn'))
          void form.trigger(DELIVERY_DAYS_PATH as FieldName);
      }
    });
    return () => sub.unsubscribe();
  }, [form]);

  return { form, context, lookups, data, storedIndividual, ...saving };
};
