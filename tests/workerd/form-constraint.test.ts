import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formConstraint } from "~/components/form-constraint";
import { loginSchema } from "~/domain/identity/login.schema";

describe("a form's field attributes", () => {
  it("carry the schema's lengths and bounds (conform 1.21 alone loses them with zod 4.6)", () => {
    expect(formConstraint(loginSchema)).toEqual({
      email: { required: true, minLength: 1, maxLength: 320 },
      password: { required: true, minLength: 1, maxLength: 1000 },
    });
    const schema = z.object({
      note: z.string().max(50).optional(),
      hours: z.coerce.number().int().min(0).max(24),
      trimmed: z
        .string()
        .trim()
        .max(9)
        .transform((value) => value.toUpperCase()),
      free: z.string(),
    });
    expect(formConstraint(schema)).toEqual({
      note: { required: false, maxLength: 50 },
      hours: { required: true, min: 0, max: 24 },
      trimmed: { required: true, maxLength: 9 },
      free: { required: true },
    });
  });
});
