import { z } from "zod";

export const loginSchema = z.object({
  email: z.string({ error: "This field is required." }).trim().min(1, "This field is required.").max(320),
  password: z.string({ error: "This field is required." }).min(1, "This field is required.").max(1000),
});

export type LoginInput = z.infer<typeof loginSchema>;
