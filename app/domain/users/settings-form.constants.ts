/**
 * The /settings profile form's choices, apart from its schema so that the page can show them
 * without loading zod (decision 0292); settings-form.schema.ts re-exports them.
 */
export const UPDATE_REMINDER_OPTIONS = [
  { value: 0, label: "Disabled" },
  { value: 7, label: "After three days" },
] as const;
