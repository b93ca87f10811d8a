import { z } from "zod";
import { ValidationError } from "~/domain/errors";
import { REQUIRED } from "~/domain/schema-kit";

export const passkeyEntity = "PasskeyInputErrors";
export const PASSKEY_REFUSED = "That passkey did not sign you in. Try again, or sign in with your password.";

/** What the browser's WebAuthn call answers (checked in detail by @simplewebauthn/server). */
const credentialJson = z
  .object({
    id: z.string().min(1).max(1000),
    rawId: z.string().min(1).max(1000),
    type: z.literal("public-key"),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  })
  .passthrough();

const name = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(60, "Keep the name under 60 characters.");

/** POST /login/passkey: ask for a ceremony, then answer it. `secondFactor`: after a password (the code page). */
export const passkeySignInSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("options"), secondFactor: z.boolean().optional() }),
  z.object({ intent: z.literal("verify"), response: credentialJson, redirectTo: z.string().max(2000).optional() }),
]);

/** POST /resources/passkeys: the settings' passkey list. */
export const passkeySettingsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("options"), currentPassword: z.string().max(1000).optional() }),
  z.object({ intent: z.literal("register"), response: credentialJson, name: z.string().trim().max(60).optional() }),
  z.object({ intent: z.literal("rename"), id: z.string().min(1).max(100), name }),
  z.object({ intent: z.literal("remove"), id: z.string().min(1).max(100), currentPassword: z.string().max(1000).optional() }),
]);

/** The WebAuthn JSON a passkey page posts in its form's `payload` field, validated. */
export async function readPasskeyPayload<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const payload = (await request.formData()).get("payload");
  let body: unknown = {};
  try {
    body = typeof payload === "string" ? JSON.parse(payload) : {};
  } catch {
    body = {};
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new PasskeyPayloadError();
  return parsed.data;
}

class PasskeyPayloadError extends ValidationError {
  constructor() {
    super(passkeyEntity, {}, "The passkey request could not be read. Please try again.");
  }
}
