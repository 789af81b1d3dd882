import * as yup from 'yup';

/** Inline messages of the feature-flag forms (marketplace-admin section 5). */
export const FEATURE_FLAG_MESSAGES = {
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
} as const;

const name = () => yup.string().trim().required(FEATURE_FLAG_MESSAGES.nameRequired);
const description = () => yup.string().trim().required(FEATURE_FLAG_MESSAGES.descriptionRequired);

/** The add form and the create body (name and description trimmed, both required). */
export const featureFlagCreateSchema = yup.object({
  name: name(),
  description: description(),
  enabled: yup.boolean().defined(),
});
/** Values of the add form; also the create body. */
export type FeatureFlagCreate = yup.InferType<typeof featureFlagCreateSchema>;

/** A row in edit mode and the update body: the same two rules, plus the flag's id. */
export const featureFlagUpdateSchema = featureFlagCreateSchema.shape({
  id: yup.number().integer().required(),
});
/** The update body. */
export type FeatureFlagUpdate = yup.InferType<typeof featureFlagUpdateSchema>;

/** What the add form holds when opened: empty, disabled. */
export const newFeatureFlagDefaults = (): FeatureFlagCreate => ({
  name: '',
  description: '',
  enabled: false,
});
