import { z } from "zod";
import { sessionIdSchema, sourceSchema } from "../schema-kit";

/** 0 office (first office), 1 home, 2 absent, 3 elsewhere (second office), null none. */
export const WORKPLACE_OPTIONS = [0, 1, 2, 3] as const;

export const workplaceIndexSchema = z.coerce
  .number({ error: "Index must be a whole number from 0 to 4." })
  .int("Index must be a whole number from 0 to 4.")
  .min(0, "Index must be a whole number from 0 to 4.")
  .max(4, "Index must be a whole number from 0 to 4.");

export const workplaceUpdateSchema = z.object({
  option: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.null()], { error: "Option must be 0, 1, 2, 3 or null." }),
  future: z.boolean().default(false),
  source: sourceSchema,
  sessionId: sessionIdSchema,
});

export type WorkplaceOption = 0 | 1 | 2 | 3 | null;

export interface WorkplaceChoice {
  value: WorkplaceOption;
  label: string;
}

/** The options a person can pick, by company switches and whether they have a second office. */
export function workplaceChoices(
  settings: { elseWhereOption: boolean; elsewhereLabel: string },
  offices: { first?: string | null; second?: string | null },
  forDefaultWeek: boolean,
): WorkplaceChoice[] {
  const dual = Boolean(offices.second);
  const choices: WorkplaceChoice[] = [{ value: 0, label: dual ? (offices.first ?? "Office") : "Office" }];
  if (dual) choices.push({ value: 3, label: offices.second! });
  choices.push({ value: 1, label: "Home" }, { value: 2, label: "Absent" });
  if (!dual && settings.elseWhereOption) choices.push({ value: 3, label: settings.elsewhereLabel });
  if (forDefaultWeek) choices.push({ value: null, label: "None" });
  return choices;
}
