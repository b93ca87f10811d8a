import { z } from "zod";
import { BodyTooLargeError, DEFAULT_MAX_BODY_BYTES, readText } from "../bounded-body";

/**
 * The CV service client (CV Partner, now Flowcase), written from its public REST API: people
 * from `GET /api/v2/users/search?from=&size=`, one CV from `GET /api/v3/cvs/{user_id}/{cv_id}`,
 * `Authorization: Bearer {key}`. Texts are multilingual objects ({ "int": ..., "no": ... }); we
 * read the international text, else the first one. The loopback fake in
 * tests/fakes/cv-service.ts speaks the same JSON. Every failure becomes a CvServiceError with
 * a message for the company admin; nothing here writes.
 */
export class CvServiceError extends Error {}

const text = z.union([z.string(), z.record(z.string(), z.string().nullable()).nullable()]).optional();

const personSchema = z.object({
  user_id: z.string(),
  default_cv_id: z.string().nullish(),
  email: z.string().nullish(),
  name: z.string().nullish(),
});

const cvSchema = z.object({
  project_experiences: z.array(z.object({ _id: z.string(), customer: text, description: text, disabled: z.boolean().nullish() })).nullish(),
  technologies: z.array(z.object({ technology_skills: z.array(z.object({ _id: z.string().nullish(), tags: text })).nullish() })).nullish(),
});

export type CvPerson = z.infer<typeof personSchema>;
export interface CvData {
  items: { externalId: string; title: string }[];
  skills: string[];
}

export function localized(value: z.infer<typeof text>): string {
  if (!value) return "";
  if (typeof value === "string") return value.trim();
  return (value.int ?? Object.values(value).find((v) => v) ?? "").trim();
}

export interface CvServiceClient {
  listPeople(from: number, size: number): Promise<CvPerson[]>;
  getCv(userId: string, cvId: string): Promise<CvData>;
}

export function cvServiceClient(baseUrl: string, key: string, timeoutMs: number, maxBytes = DEFAULT_MAX_BODY_BYTES): CvServiceClient {
  const base = baseUrl.replace(/\/+$/, "");
  async function get(path: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        headers: { Authorization: `Bearer ${key}`, Accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
        // A redirect is not followed: the key would go wherever it points (issue 26, item 12).
        redirect: "manual",
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new CvServiceError(timedOut ? `The CV service did not answer within ${timeoutMs / 1000} s.` : "The CV service could not be reached.");
    }
    if (response.status === 401 || response.status === 403) {
      throw new CvServiceError("The CV service refused the API key (401). Check the key on the company page.");
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => {});
      throw new CvServiceError(`The CV service answered with a redirect (${response.status}): enter the address it moved to on the company page.`);
    }
    if (!response.ok) throw new CvServiceError(`The CV service answered ${response.status}.`);
    let body: string;
    try {
      body = await readText(response, maxBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        throw new CvServiceError(`The CV service's answer was larger than ${error.limit}, the most an import reads.`);
      throw new CvServiceError("The CV service's answer could not be read.");
    }
    try {
      return JSON.parse(body);
    } catch {
      throw new CvServiceError("The CV service answered with something that is not JSON.");
    }
  }
  function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
    const result = schema.safeParse(value);
    if (!result.success) throw new CvServiceError("The CV service answered in an unexpected format.");
    return result.data;
  }
  return {
    async listPeople(from, size) {
      return parse(z.array(personSchema), await get(`/api/v2/users/search?from=${from}&size=${size}`));
    },
    async getCv(userId, cvId) {
      const cv = parse(cvSchema, await get(`/api/v3/cvs/${encodeURIComponent(userId)}/${encodeURIComponent(cvId)}`));
      const items = (cv.project_experiences ?? [])
        .filter((p) => !p.disabled)
        .map((p) => ({ externalId: p._id, title: [localized(p.customer), localized(p.description)].filter(Boolean).join(" – ").slice(0, 300) }))
        .filter((item) => item.title !== "");
      const skills = new Set<string>();
      for (const group of cv.technologies ?? []) {
        for (const skill of group.technology_skills ?? []) {
          const name = localized(skill.tags).slice(0, 100);
          if (name) skills.add(name);
        }
      }
      return { items, skills: [...skills] };
    },
  };
}
