import { useCallback, useEffect, useMemo, useRef } from 'react';
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
import { useFormData } from './useFormData';
import { useFormSave } from './useFormSave';
import { useLookups } from './useLookups';

/** Fields whose change the recipient rows follow (days, times, timezone, 24 hours). */
const MARKETPLACE_WINDOW = /^(acceptReferralsOn(?!BankHolidays)|referralDelivery|deliver24Hours)/;

/** The recipient rows again, with the mobile phones of `users` (when the list reads right). */
const refreshRecipientPhones = (form: MarketplaceForm, users: readonly AgencyUser[]): void => {
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
  // The lookups come before the data they feed; a typed agency reaches the data through this.
  const agencyTyped = useRef<(agencyId: number | null) => void>(() => undefined);
  const onAgencyTyped = useCallback((id: number | null) => agencyTyped.current(id), []);
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
  const data = useFormData(form, route, onFilled);
  const saving = useFormSave(form, route, data);
  const agencyUsers = useRef(data.agencyUsers);
  agencyUsers.current = data.agencyUsers;
  // A typed or changed agency id (on a new marketplace too) reads that agency's users; recipients
  // already listed take their verified mobile phones from them once read.
  agencyTyped.current = data.followAgency;
  const { typedAgencyUsers } = data;
  useEffect(() => {
    if (typedAgencyUsers) refreshRecipientPhones(form, typedAgencyUsers);
  }, [form, typedAgencyUsers]);

  useEffect(() => {
    // react-hook-form's watch: the React Compiler skips this hook, which nothing here relies on.
    // eslint-disable-next-line react-hooks/incompatible-library
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
