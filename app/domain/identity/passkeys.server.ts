import { createCookie } from "@remix-run/cloudflare";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, asc, eq } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { derivedSecret } from "~/auth/secrets.server";
import type { Db } from "~/db/client";
import { passkeys, users, type User } from "~/db/schema";
import { audit } from "~/domain/audit.server";
import type { DomainContext } from "~/domain/context";
import { NotFoundError, UnauthorizedError, ValidationError } from "~/domain/errors";
import { requireStepUp, type StepUpRequest } from "~/domain/identity/reauth.server";
import { PASSKEY_REFUSED, passkeyEntity } from "~/domain/identity/passkeys.schema";
import { isLocalEnv, type Env } from "~/env";
import { newId } from "~/lib/ids";
import { readFromPrimary } from "~/db/d1-sessions";

/**
 * Passkeys (WebAuthn, decision 0298) through @simplewebauthn/server, which verifies with
 * WebCrypto and so runs in workerd. A passkey signs in on its own (user verification is
 * required: the device's PIN or biometrics is the second factor inside the first), and
 * after a password it is a second factor. The relying party is the address the request came
 * to (its host name and origin). The ceremony's challenge travels in a signed, httpOnly,
 * five-minute cookie, so it is bound to the browser that asked for it.
 */
export const CEREMONY_MINUTES = 5;
const MAX_PASSKEYS = 10;

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingParty(request: Request, name: string): RelyingParty {
  const url = new URL(request.url);
  return { id: url.hostname, origin: url.origin, name };
}

export const PASSKEY_NEEDS_HOST_NAME =
  "Passkeys need the site's name in the address bar, not an IP address (on this computer: localhost instead of 127.0.0.1).";

/**
 * A relying party is a domain: browsers refuse an IP address as its id (Chromium answers a
 * bare SecurityError), so a ceremony on http://127.0.0.1:8787 could never succeed. Refused
 * here with words, before any challenge is made.
 */
function requireHostName(rp: RelyingParty, entityType = passkeyEntity) {
  const host = rp.id.replace(/^\[|\]$/g, "");
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(":")) throw new ValidationError(entityType, {}, PASSKEY_NEEDS_HOST_NAME);
}

/** A sign-in ceremony with `userId` follows that person's password (the code page): only their passkeys count. */
type Ceremony = { challenge: string; kind: "register"; userId: string } | { challenge: string; kind: "sign-in"; userId?: string };

async function ceremonyKey(env: Env) {
  return new TextEncoder().encode(await derivedSecret(env, "webauthn-ceremony-v1"));
}

export function ceremonyCookie(env: Env) {
  const local = isLocalEnv(env);
  return createCookie(local ? "__webauthn" : "__Host-webauthn", {
    httpOnly: true,
    sameSite: "strict",
    secure: !local,
    path: "/",
    maxAge: CEREMONY_MINUTES * 60,
  });
}

export async function sealCeremony(env: Env, ceremony: Ceremony): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...ceremony, purpose: "webauthn" })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(now)
    .setExpirationTime(now + CEREMONY_MINUTES * 60)
    .sign(await ceremonyKey(env));
}

export async function openCeremony(env: Env, sealed: unknown): Promise<Ceremony | null> {
  if (typeof sealed !== "string" || sealed.length > 2000) return null;
  try {
    const { payload } = await jwtVerify(sealed, await ceremonyKey(env), { algorithms: ["HS256"] });
    if (payload.purpose !== "webauthn" || typeof payload.challenge !== "string") return null;
    if (payload.kind === "register" && typeof payload.userId === "string")
      return { challenge: payload.challenge, kind: "register", userId: payload.userId };
    if (payload.kind === "sign-in") {
      return { challenge: payload.challenge, kind: "sign-in", ...(typeof payload.userId === "string" && { userId: payload.userId }) };
    }
    return null;
  } catch {
    return null;
  }
}

const transportsOf = (stored: string): AuthenticatorTransportFuture[] => {
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list) ? (list.filter((t) => typeof t === "string") as AuthenticatorTransportFuture[]) : [];
  } catch {
    return [];
  }
};

/** The person's passkeys, oldest first, as settings lists them. */
export async function listPasskeys(db: Db, user: Pick<User, "id" | "companyId">) {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(and(eq(passkeys.userId, user.id), eq(passkeys.companyId, user.companyId)))
    .orderBy(asc(passkeys.createdAt));
}

// --- Adding one (signed in, with the step-up) -------------------------------------------

/** Step 1 of adding a passkey: the options for the browser, and the ceremony to keep in the cookie. */
export async function passkeyRegistrationOptions(ctx: DomainContext, request: StepUpRequest, rp: RelyingParty, currentPassword?: string | null) {
  requireHostName(rp);
  await requireStepUp(ctx, request, currentPassword, passkeyEntity);
  const user = ctx.actor.user;
  const existing = await ctx.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(and(eq(passkeys.userId, user.id), eq(passkeys.companyId, ctx.companyId)));
  if (existing.length >= MAX_PASSKEYS)
    throw new ValidationError(passkeyEntity, {}, `You can have at most ${MAX_PASSKEYS} passkeys. Remove one first.`);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { options, ceremony: { challenge: options.challenge, kind: "register" as const, userId: user.id } };
}

/** Step 2: the browser's answer, checked against the ceremony; the passkey is kept under `name`. */
export async function registerPasskey(
  ctx: DomainContext,
  rp: RelyingParty,
  ceremony: Ceremony | null,
  input: { response: RegistrationResponseJSON; name?: string | null },
) {
  const user = ctx.actor.user;
  if (!ceremony || ceremony.kind !== "register" || ceremony.userId !== user.id) throw new ValidationError(passkeyEntity, {}, PASSKEY_REFUSED);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw new ValidationError(passkeyEntity, {}, PASSKEY_REFUSED);
  }
  if (!verification.verified || !verification.registrationInfo) throw new ValidationError(passkeyEntity, {}, PASSKEY_REFUSED);
  const { credential } = verification.registrationInfo;
  const name = input.name?.trim() || defaultPasskeyName(input.response);
  const id = newId();
  await ctx.db.batch([
    ctx.db.insert(passkeys).values({
      id,
      companyId: ctx.companyId,
      userId: user.id,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? input.response.response.transports ?? []),
      name,
      createdAt: ctx.now,
    }),
    audit(ctx, "add-passkey", "user", user.id, { passkeyId: id, name }),
  ]);
  return { message: `Passkey '${name}' added.`, id };
}

function defaultPasskeyName(response: RegistrationResponseJSON): string {
  const platform = response.authenticatorAttachment === "cross-platform" ? "Security key" : "Passkey";
  return `${platform} ${new Date().toISOString().slice(0, 10)}`;
}

export async function renamePasskey(ctx: DomainContext, passkeyId: string, name: string) {
  const [row] = await ctx.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, ctx.actor.user.id), eq(passkeys.companyId, ctx.companyId)))
    .returning({ id: passkeys.id });
  if (!row) throw new NotFoundError("That passkey no longer exists.");
  return { message: "Passkey renamed." };
}

/** Removing a passkey takes a way to sign in away: the step-up first. */
export async function removePasskey(ctx: DomainContext, request: StepUpRequest, passkeyId: string, currentPassword?: string | null) {
  await requireStepUp(ctx, request, currentPassword, passkeyEntity);
  const [[row]] = await ctx.db.batch([
    ctx.db
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, ctx.actor.user.id), eq(passkeys.companyId, ctx.companyId)))
      .returning({ id: passkeys.id, name: passkeys.name }),
    audit(ctx, "remove-passkey", "user", ctx.actor.user.id, { passkeyId }),
  ]);
  if (!row) throw new NotFoundError("That passkey no longer exists.");
  return { message: `Passkey '${row.name}' removed.` };
}

// --- Signing in with one -----------------------------------------------------------------

/**
 * The options of a passkey sign-in: any of this site's passkeys the device holds (the
 * person picks), or after a password (`forUser`) only that person's.
 */
export async function passkeySignInOptions(db: Db, rp: RelyingParty, forUser?: Pick<User, "id" | "companyId"> | null) {
  requireHostName(rp);
  const allow = forUser
    ? await db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(and(eq(passkeys.userId, forUser.id), eq(passkeys.companyId, forUser.companyId)))
    : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    allowCredentials: allow.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
  });
  return { options, ceremony: { challenge: options.challenge, kind: "sign-in" as const, ...(forUser && { userId: forUser.id }) } };
}

/**
 * Checks a passkey sign-in and answers its person (while active). The signature counter,
 * when the authenticator keeps one, must grow (a cloned key shows up). A ceremony that
 * followed a password takes only that person's passkey.
 */
export async function verifyPasskeySignIn(
  db: Db,
  rp: RelyingParty,
  ceremony: Ceremony | null,
  response: AuthenticationResponseJSON,
  now = new Date(),
): Promise<User> {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  if (!ceremony || ceremony.kind !== "sign-in") throw new UnauthorizedError(PASSKEY_REFUSED);
  const [found] = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, and(eq(users.id, passkeys.userId), eq(users.companyId, passkeys.companyId)))
    .where(eq(passkeys.credentialId, String(response.id).slice(0, 1000)))
    .limit(1);
  if (!found || found.user.deactivatedAt) throw new UnauthorizedError(PASSKEY_REFUSED);
  if (ceremony.userId && found.user.id !== ceremony.userId) throw new UnauthorizedError(PASSKEY_REFUSED);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: found.passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(found.passkey.publicKey),
        counter: found.passkey.counter,
        transports: transportsOf(found.passkey.transports),
      },
    });
  } catch {
    throw new UnauthorizedError(PASSKEY_REFUSED);
  }
  if (!verification.verified) throw new UnauthorizedError(PASSKEY_REFUSED);
  await db.update(passkeys).set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now }).where(eq(passkeys.id, found.passkey.id));
  return found.user;
}
