// One component for an item type's own fields, shared with the settings' item type builder.
export { CustomFieldInput, customFieldValues } from '@stockwise/kit';
