import { parseWithZod } from "@conform-to/zod/v4";
import { settingsFormSchema } from "~/domain/users/settings-form.schema";

/** The profile form's browser validation, loaded at idle (useLazyValidation, decision 0292). */
export function validateProfile({ formData }: { formData: FormData }) {
  return parseWithZod(formData, { schema: settingsFormSchema });
}
