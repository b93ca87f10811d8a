import { z } from "zod";
import { REQUIRED } from "../schema-kit";

export const loginSchema = z.object({
  email: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(320),
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(1000),
});

export type LoginInput = z.infer<typeof loginSchema>;
