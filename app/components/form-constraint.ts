import { getZodConstraint } from "@conform-to/zod/v4";
import { z } from "zod";
import type { FieldConstraints } from "./use-lazy-validation";

/**
 * The field attributes (required, minLength, maxLength, min, max...) of a form's schema, for
 * conform's `constraint`. conform's getZodConstraint (1.21) reads the lengths and bounds from
 * `_zod.bag`, which zod 4.6 no longer fills (it works them out on demand: `maxLength`,
 * `minValue`...), so without this an input never got its maxlength. Each top-level field's
 * bounds are added from zod's own getters, through optional, nullable, default and pipe.
 */
export function formConstraint(schema: z.ZodObject): FieldConstraints {
  const constraint = getZodConstraint(schema) as FieldConstraints;
  for (const [name, field] of Object.entries(schema.shape)) {
    const inner = innermost(field as z.ZodType);
    const entry = (constraint[name] ??= {});
    if (inner instanceof z.ZodString) {
      if (inner.minLength !== null && inner.minLength > 0) entry.minLength ??= inner.minLength;
      if (inner.maxLength !== null) entry.maxLength ??= inner.maxLength;
    } else if (inner instanceof z.ZodNumber) {
      if (inner.minValue !== null && Number.isFinite(inner.minValue)) entry.min ??= inner.minValue;
      if (inner.maxValue !== null && Number.isFinite(inner.maxValue)) entry.max ??= inner.maxValue;
    }
  }
  return constraint;
}

function innermost(field: z.ZodType): z.ZodType {
  let current = field;
  for (let depth = 0; depth < 10; depth++) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault)
      current = current.unwrap() as z.ZodType;
    else if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else break;
  }
  return current;
}
