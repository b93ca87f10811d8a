import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * conform's browser validation with a zod schema, for a form whose schema loads after the
 * page (use-idle-form.ts): fetched with it, so conform's zod adapter stays out of the first
 * load too (decision 0292).
 */
export function zodValidation<S extends z.ZodObject>(schema: S) {
  return ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema });
}
