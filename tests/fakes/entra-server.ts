import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { crc32, deflateSync } from "node:zlib";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { demoDirectories, type FakeDirectoryUser } from "./entra-directory";

/**
 * A loopback Microsoft Entra ID and Microsoft Graph, for the tests and `npm start`. It speaks
 * the real protocols on the paths the real services use:
 *
 * - OpenID Connect v2.0: /{tenant}/oauth2/v2.0/authorize (an account picker page; with
 *   prompt=none and a login hint it answers at once), /{tenant}/oauth2/v2.0/token
 *   (authorization_code with PKCE S256 checked, client_credentials), /common/discovery/v2.0/keys
 *   (JWKS), RS256 ID tokens with the real claims (iss per tenant, aud, nonce, tid, oid,
 *   preferred_username, exp); the admin consent through the authorise endpoint
 *   (prompt=admin_consent: a consent page per directory, signed in as the directory's first
 *   person, its administrator here, answering ?code=&state= like any sign-in, so the code's
 *   ID token names the tenant); the older /organizations/v2.0/adminconsent (a consent page
 *   answering ?tenant=&admin_consent=True&state=, an unsigned tenant the app must not trust).
 * - Graph v1.0 under /graph: /users with $search (needs ConsistencyLevel: eventual, as the
 *   real one does), $top and @odata.nextLink; /users/delta with Prefer odata.maxpagesize,
 *   @odata.nextLink inside a round and @odata.deltaLink at its end, changes and @removed
 *   entries after it; /users/{id}/photo/$value (404 ImageNotFound without one);
 *   /users/{id}/calendarView/delta?startDateTime=&endDateTime= (the same paging, the window
 *   kept in the tokens, @removed for deleted events and for events moved out of the window;
 *   Prefer outlook.timezone="UTC" gives times in UTC, else each event's own zone) and
 *   /users/{id}/mailboxSettings/automaticRepliesSetting.
 *
 * Tests steer it through /_fake/*: change the directory, mint tokens with chosen claims or
 * a key the JWKS does not hold.
 */
export interface FakeEntraOptions {
  port?: number;
  clientId: string;
  clientSecret: string;
  directories?: Record<string, FakeDirectoryUser[]>;
}

interface Change {
  seq: number;
  userId: string;
  removed: boolean;
}

interface Directory {
  users: Map<string, FakeDirectoryUser>;
  changes: Change[];
  /** Per directory person: their calendar's events, its change log and their automatic replies. */
  calendars: Map<string, Calendar>;
}

export interface FakeDateTime {
  dateTime: string;
  timeZone: string;
}

export interface FakeEvent {
  id: string;
  subject: string;
  showAs: "free" | "tentative" | "busy" | "oof" | "workingElsewhere" | "unknown";
  isAllDay: boolean;
  isCancelled: boolean;
  start: FakeDateTime;
  end: FakeDateTime;
}

interface Calendar {
  events: Map<string, FakeEvent>;
  changes: { seq: number; eventId: string }[];
  automaticReplies: {
    status: "disabled" | "alwaysEnabled" | "scheduled";
    scheduledStartDateTime?: FakeDateTime;
    scheduledEndDateTime?: FakeDateTime;
  };
}

interface PendingCode {
  tenant: string;
  userId: string;
  clientId: string;
  redirectUri: string;
  nonce: string | null;
  challenge: string | null;
  expiresAt: number;
}

export async function startFakeEntra(options: FakeEntraOptions) {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const rogue = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "fake-entra-key-1", use: "sig", alg: "RS256" };
  const directories = new Map<string, Directory>();
  let seq = 0;
  const codes = new Map<string, PendingCode>();
  const graphTokens = new Map<string, string>();
  const requests: { method: string; path: string }[] = [];

  function directory(tenant: string): Directory {
    const key = tenant.toLowerCase();
    let found = directories.get(key);
    if (!found) {
      found = { users: new Map(), changes: [], calendars: new Map() };
      directories.set(key, found);
    }
    return found;
  }
  function upsert(tenant: string, user: FakeDirectoryUser) {
    const dir = directory(tenant);
    dir.users.set(user.id, user);
    dir.changes.push({ seq: ++seq, userId: user.id, removed: false });
  }
  function remove(tenant: string, id: string) {
    const dir = directory(tenant);
    if (!dir.users.delete(id)) return false;
    dir.changes.push({ seq: ++seq, userId: id, removed: true });
    return true;
  }
  function calendar(tenant: string, userId: string): Calendar {
    const dir = directory(tenant);
    let found = dir.calendars.get(userId);
    if (!found) {
      found = { events: new Map(), changes: [], automaticReplies: { status: "disabled" } };
      dir.calendars.set(userId, found);
    }
    return found;
  }
  function load(all: Record<string, FakeDirectoryUser[]>) {
    directories.clear();
    codes.clear();
    for (const [tenant, people] of Object.entries(all)) for (const person of people) upsert(tenant, person);
  }
  load(options.directories ?? demoDirectories());

  let base = "";
  const graph = () => `${base}/graph`;

  async function idToken(claims: JWTPayload & { tid: string }, sign: "real" | "rogue" = "real", expiresIn = 3600) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ver: "2.0", iss: `${base}/${claims.tid}/v2.0`, aud: options.clientId, iat: now, nbf: now, exp: now + expiresIn, ...claims })
      .setProtectedHeader({ alg: "RS256", kid: sign === "real" ? jwk.kid : "fake-entra-key-1", typ: "JWT" })
      .sign(sign === "real" ? privateKey : rogue.privateKey);
  }
  function claimsOf(tenant: string, user: FakeDirectoryUser) {
    return {
      tid: tenant,
      oid: user.id,
      sub: `sub-${user.id}`,
      name: user.displayName,
      preferred_username: user.mail ?? user.userPrincipalName,
      email: user.mail ?? undefined,
    };
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error("[fake-entra]", error);
      send(res, 500, { error: "server_error" });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    const path = url.pathname;
    requests.push({ method: req.method ?? "GET", path: `${path}${url.search}` });
    const parts = path.split("/").filter(Boolean);

    // ---- test controls ------------------------------------------------------------------
    if (parts[0] === "_fake") return control(req, res, url, parts.slice(1));

    // ---- OpenID Connect ------------------------------------------------------------------
    if (path === "/common/discovery/v2.0/keys" || (parts[1] === "discovery" && parts[3] === "keys")) return send(res, 200, { keys: [jwk] });
    if (parts[1] === "v2.0" && parts[2] === ".well-known") {
      const tenant = parts[0];
      return send(res, 200, {
        issuer: `${base}/${tenant}/v2.0`,
        authorization_endpoint: `${base}/${tenant}/oauth2/v2.0/authorize`,
        token_endpoint: `${base}/${tenant}/oauth2/v2.0/token`,
        jwks_uri: `${base}/common/discovery/v2.0/keys`,
        response_types_supported: ["code"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (parts[1] === "oauth2" && parts[3] === "authorize") return authorize(res, url, parts[0]);
    if (parts[1] === "oauth2" && parts[3] === "token" && req.method === "POST") return token(res, parts[0], new URLSearchParams(await body(req)));
    if (parts[1] === "v2.0" && parts[2] === "adminconsent") return adminConsent(res, url);

    // ---- Microsoft Graph -------------------------------------------------------------------
    if (parts[0] === "graph" && parts[1] === "v1.0") {
      const tenant = graphTokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!tenant) return send(res, 401, { error: { code: "InvalidAuthenticationToken", message: "Access token is empty or invalid." } });
      return graphRequest(req, res, url, tenant, parts.slice(2));
    }
    send(res, 404, { error: "not_found" });
  }

  function authorize(res: ServerResponse, url: URL, tenant: string) {
    const q = url.searchParams;
    const redirectUri = q.get("redirect_uri") ?? "";
    if (q.get("client_id") !== options.clientId) return send(res, 400, { error: "unauthorized_client" });
    if (q.get("response_type") !== "code" || !redirectUri) return send(res, 400, { error: "invalid_request" });
    if (q.get("code_challenge") && q.get("code_challenge_method") !== "S256") return send(res, 400, { error: "invalid_request" });
    const candidates = accountsFor(tenant);
    const hint = q.get("login_hint")?.toLowerCase();
    const chosen = q.get("fake_account"); // the picker's own answer: "tenant/id"
    let account = chosen ? candidates.find((a) => `${a.tenant}/${a.user.id}` === chosen) : undefined;
    if (!account && hint && q.get("prompt") === "none")
      account = candidates.find((a) => (a.user.mail ?? a.user.userPrincipalName).toLowerCase() === hint);
    if (!account && q.get("prompt") === "admin_consent") return consentPage(res, url, candidates);
    if (!account) {
      if (q.get("prompt") === "none")
        return redirect(res, withParams(redirectUri, { error: "login_required", error_description: "AADSTS50058", state: q.get("state") }));
      return pickerPage(res, url, candidates);
    }
    const code = randomBytes(24).toString("base64url");
    codes.set(code, {
      tenant: account.tenant,
      userId: account.user.id,
      clientId: options.clientId,
      redirectUri,
      nonce: q.get("nonce"),
      challenge: q.get("code_challenge"),
      expiresAt: Date.now() + 5 * 60_000,
    });
    redirect(res, withParams(redirectUri, { code, state: q.get("state"), session_state: randomUUID() }));
  }

  function accountsFor(tenant: string) {
    const tenants = ["common", "organizations"].includes(tenant.toLowerCase()) ? [...directories.keys()] : [tenant.toLowerCase()];
    return tenants.flatMap((t) => [...(directories.get(t)?.users.values() ?? [])].filter((u) => u.mail).map((user) => ({ tenant: t, user })));
  }

  function pickerPage(res: ServerResponse, url: URL, accounts: { tenant: string; user: FakeDirectoryUser }[]) {
    const items = accounts
      .map(({ tenant, user }) => {
        const next = new URL(url);
        next.searchParams.set("fake_account", `${tenant}/${user.id}`);
        return `<li><a href="${escapeHtml(next.pathname + next.search)}">${escapeHtml(user.displayName)} <small>${escapeHtml(user.mail ?? "")}</small></a></li>`;
      })
      .join("");
    html(res, `<h1>Pick an account</h1><p>Local Microsoft sign-in (test provider)</p><ul>${items}</ul>`);
  }

  /** prompt=admin_consent: one "Accept" per directory, as the directory's administrator (its first person). */
  function consentPage(res: ServerResponse, url: URL, accounts: { tenant: string; user: FakeDirectoryUser }[]) {
    const admins = new Map<string, FakeDirectoryUser>();
    for (const { tenant, user } of accounts) if (!admins.has(tenant)) admins.set(tenant, user);
    const items = [...admins]
      .map(([tenant, user]) => {
        const next = new URL(url);
        next.searchParams.set("fake_account", `${tenant}/${user.id}`);
        return `<li><a href="${escapeHtml(next.pathname + next.search)}">Accept for directory ${escapeHtml(tenant)}</a> <small>as ${escapeHtml(user.displayName)}</small></li>`;
      })
      .join("");
    html(res, `<h1>Permissions requested</h1><p>${escapeHtml(url.searchParams.get("scope") ?? "")}</p><ul>${items}</ul>`);
  }

  function adminConsent(res: ServerResponse, url: URL) {
    const q = url.searchParams;
    if (q.get("client_id") !== options.clientId) return send(res, 400, { error: "unauthorized_client" });
    const redirectUri = q.get("redirect_uri") ?? "";
    const tenant = q.get("fake_tenant");
    if (tenant) return redirect(res, withParams(redirectUri, { tenant, admin_consent: "True", state: q.get("state"), scope: q.get("scope") }));
    const items = [...directories.keys()]
      .map((t) => {
        const next = new URL(url);
        next.searchParams.set("fake_tenant", t);
        return `<li><a href="${escapeHtml(next.pathname + next.search)}">Accept for directory ${escapeHtml(t)}</a></li>`;
      })
      .join("");
    html(res, `<h1>Permissions requested</h1><p>User.Read, User.Read.All</p><ul>${items}</ul>`);
  }

  async function token(res: ServerResponse, tenant: string, form: URLSearchParams) {
    if (form.get("client_id") !== options.clientId || form.get("client_secret") !== options.clientSecret) {
      return send(res, 401, { error: "invalid_client", error_description: "AADSTS7000215: Invalid client secret provided." });
    }
    if (form.get("grant_type") === "client_credentials") {
      if (["common", "organizations"].includes(tenant)) return send(res, 400, { error: "invalid_request" });
      const accessToken = randomBytes(24).toString("base64url");
      graphTokens.set(accessToken, tenant.toLowerCase());
      directory(tenant); // an unknown directory is an empty one
      return send(res, 200, { token_type: "Bearer", expires_in: 3599, access_token: accessToken });
    }
    if (form.get("grant_type") !== "authorization_code") return send(res, 400, { error: "unsupported_grant_type" });
    const code = codes.get(form.get("code") ?? "");
    codes.delete(form.get("code") ?? "");
    if (!code || code.expiresAt < Date.now() || code.redirectUri !== form.get("redirect_uri")) {
      return send(res, 400, { error: "invalid_grant", error_description: "AADSTS70008: The provided authorization code is invalid or has expired." });
    }
    if (code.challenge) {
      const verifier = form.get("code_verifier") ?? "";
      if (createHash("sha256").update(verifier).digest("base64url") !== code.challenge) {
        return send(res, 400, { error: "invalid_grant", error_description: "AADSTS501481: The Code_Verifier does not match the code_challenge." });
      }
    }
    const user = directories.get(code.tenant)?.users.get(code.userId);
    if (!user) return send(res, 400, { error: "invalid_grant" });
    const id = await idToken({ ...claimsOf(code.tenant, user), ...(code.nonce ? { nonce: code.nonce } : {}) });
    send(res, 200, {
      token_type: "Bearer",
      scope: "openid profile email User.Read",
      expires_in: 3599,
      access_token: randomBytes(24).toString("base64url"),
      id_token: id,
    });
  }

  function graphRequest(req: IncomingMessage, res: ServerResponse, url: URL, tenant: string, parts: string[]) {
    const dir = directory(tenant);
    if (parts[0] === "users" && parts.length === 1) {
      const search = url.searchParams.get("$search");
      if (search && req.headers.consistencylevel !== "eventual") {
        return send(res, 400, {
          error: {
            code: "Request_UnsupportedQuery",
            message: "Request with $search query parameter only works through MSGraph with a special request header: 'ConsistencyLevel: eventual'",
          },
        });
      }
      const terms = [...(search ?? "").matchAll(/"(displayName|mail):([^"]*)"/g)].map(([, field, text]) => ({ field, text: text.toLowerCase() }));
      let people = [...dir.users.values()];
      if (terms.length) {
        people = people.filter((u) =>
          terms.some(({ field, text }) => {
            const value = (field === "mail" ? (u.mail ?? "") : u.displayName).toLowerCase();
            return value.split(/[\s.@]+/).some((word) => word.startsWith(text)) || value.startsWith(text);
          }),
        );
      }
      people.sort((a, b) => a.displayName.localeCompare(b.displayName));
      const top = Math.min(Number(url.searchParams.get("$top") ?? 100) || 100, 999);
      const skip = Number(url.searchParams.get("$skiptoken") ?? 0) || 0;
      const page = people.slice(skip, skip + top);
      const next = skip + top < people.length ? withParams(`${graph()}/v1.0/users${url.search}`, { $skiptoken: String(skip + top) }) : undefined;
      return send(res, 200, {
        "@odata.context": `${graph()}/v1.0/$metadata#users(id,displayName,mail)`,
        value: page.map((u) => select(u, url.searchParams.get("$select"))),
        ...(next ? { "@odata.nextLink": next } : {}),
      });
    }
    if (parts[0] === "users" && parts[1] === "delta") return delta(req, res, url, tenant, dir);
    if (parts[0] === "users" && parts[2] === "calendarView" && parts[3] === "delta")
      return calendarDelta(req, res, url, tenant, decodeURIComponent(parts[1]));
    if (parts[0] === "users" && parts[2] === "mailboxSettings" && parts[3] === "automaticRepliesSetting") {
      const userId = decodeURIComponent(parts[1]);
      if (!dir.users.has(userId))
        return send(res, 404, { error: { code: "ErrorItemNotFound", message: "The specified object was not found in the store." } });
      return send(res, 200, {
        "@odata.context": `${graph()}/v1.0/$metadata#users('${userId}')/mailboxSettings/automaticRepliesSetting`,
        externalAudience: "all",
        internalReplyMessage: "",
        externalReplyMessage: "",
        scheduledStartDateTime: { dateTime: "2026-01-01T00:00:00.0000000", timeZone: "UTC" },
        scheduledEndDateTime: { dateTime: "2026-01-02T00:00:00.0000000", timeZone: "UTC" },
        ...calendar(tenant, userId).automaticReplies,
      });
    }
    if (parts[0] === "users" && parts[2] === "photo" && parts[3] === "$value") {
      const user = dir.users.get(decodeURIComponent(parts[1]));
      if (!user?.photo)
        return send(res, 404, {
          error: { code: "ImageNotFound", message: "Exception of type 'Microsoft.Fast.Profile.Core.Exception.ImageNotFoundException' was thrown." },
        });
      res.writeHead(200, { "Content-Type": "image/png" });
      return res.end(png(user.photo));
    }
    send(res, 404, { error: { code: "Request_ResourceNotFound", message: "Resource not found." } });
  }

  function delta(req: IncomingMessage, res: ServerResponse, url: URL, tenant: string, dir: Directory) {
    const pageSize = Number(/odata\.maxpagesize=(\d+)/.exec(String(req.headers.prefer ?? ""))?.[1] ?? 100) || 100;
    const select = "id,displayName,mail,userPrincipalName,jobTitle,department";
    let entries: object[];
    let offset = 0;
    let upTo = seq;
    const skiptoken = url.searchParams.get("$skiptoken");
    const deltatoken = url.searchParams.get("$deltatoken");
    const round = skiptoken
      ? decode(skiptoken)
      : deltatoken
        ? { tenant, since: decode(deltatoken).since, offset: 0, upTo: seq }
        : { tenant, since: -1, offset: 0, upTo: seq };
    if (!round || (skiptoken && round.tenant !== tenant) || (deltatoken && decode(deltatoken).tenant !== tenant)) {
      return send(res, 400, { error: { code: "BadRequest", message: "Invalid token." } });
    }
    offset = round.offset;
    upTo = round.upTo;
    if (round.since < 0) {
      entries = [...dir.users.values()].map((u) => select_(u, select));
    } else {
      const latest = new Map<string, Change>();
      for (const change of dir.changes) if (change.seq > round.since && change.seq <= upTo) latest.set(change.userId, change);
      entries = [...latest.values()].map((c) =>
        c.removed || !dir.users.has(c.userId) ? { id: c.userId, "@removed": { reason: "deleted" } } : select_(dir.users.get(c.userId)!, select),
      );
    }
    const page = entries.slice(offset, offset + pageSize);
    const body: Record<string, unknown> = { "@odata.context": `${graph()}/v1.0/$metadata#users(${select})`, value: page };
    if (offset + pageSize < entries.length) {
      body["@odata.nextLink"] = `${graph()}/v1.0/users/delta?$skiptoken=${encode({ tenant, since: round.since, offset: offset + pageSize, upTo })}`;
    } else {
      body["@odata.deltaLink"] = `${graph()}/v1.0/users/delta?$deltatoken=${encode({ tenant, since: upTo, offset: 0, upTo })}`;
    }
    send(res, 200, body);
  }
  const select_ = (u: FakeDirectoryUser, fields: string) => select(u, fields);

  /**
   * GET /users/{id}/calendarView/delta: a round over [startDateTime, endDateTime) reports every
   * event in it, page by page; its deltaLink then reports the events changed since, and as
   * @removed those deleted or moved out of the window (as Graph does).
   */
  function calendarDelta(req: IncomingMessage, res: ServerResponse, url: URL, tenant: string, userId: string) {
    if (!directory(tenant).users.has(userId))
      return send(res, 404, { error: { code: "ErrorItemNotFound", message: "The specified object was not found in the store." } });
    const prefer = String(req.headers.prefer ?? "");
    const pageSize = Number(/odata\.maxpagesize=(\d+)/.exec(prefer)?.[1] ?? 10) || 10;
    const utc = /outlook\.timezone="?UTC"?/i.test(prefer);
    const cal = calendar(tenant, userId);
    const skiptoken = url.searchParams.get("$skiptoken");
    const deltatoken = url.searchParams.get("$deltatoken");
    let round: CalendarRound;
    if (skiptoken || deltatoken) {
      const token = decodeAny<CalendarRound>(skiptoken ?? deltatoken!);
      if (!token || token.tenant !== tenant || token.user !== userId)
        return send(res, 400, { error: { code: "BadRequest", message: "Invalid token." } });
      round = deltatoken ? { ...token, since: token.upTo, upTo: seq, offset: 0 } : token;
    } else {
      const from = Date.parse(url.searchParams.get("startDateTime") ?? "");
      const to = Date.parse(url.searchParams.get("endDateTime") ?? "");
      if (Number.isNaN(from) || Number.isNaN(to))
        return send(res, 400, {
          error: {
            code: "ErrorInvalidParameter",
            message: "This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.",
          },
        });
      round = { tenant, user: userId, from, to, since: -1, offset: 0, upTo: seq };
    }
    const inWindow = (e: FakeEvent) => !e.isCancelled && instantOf(e.start) < round.to && instantOf(e.end) > round.from;
    let entries: object[];
    if (round.since < 0) {
      entries = [...cal.events.values()].filter(inWindow).map((e) => shown(e, utc));
    } else {
      const changed = new Set(cal.changes.filter((c) => c.seq > round.since && c.seq <= round.upTo).map((c) => c.eventId));
      entries = [...changed].map((id) => {
        const event = cal.events.get(id);
        return event && inWindow(event) ? shown(event, utc) : { id, "@removed": { reason: "deleted" } };
      });
    }
    const page = entries.slice(round.offset, round.offset + pageSize);
    const body: Record<string, unknown> = { "@odata.context": `${graph()}/v1.0/$metadata#Collection(event)`, value: page };
    const link = `${graph()}/v1.0/users/${encodeURIComponent(userId)}/calendarView/delta`;
    if (round.offset + pageSize < entries.length)
      body["@odata.nextLink"] = `${link}?$skiptoken=${encode({ ...round, offset: round.offset + pageSize })}`;
    else body["@odata.deltaLink"] = `${link}?$deltatoken=${encode({ ...round, offset: 0 })}`;
    send(res, 200, body);
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL, parts: string[]) {
    const input = req.method === "POST" || req.method === "PUT" ? (JSON.parse((await body(req)) || "{}") as Record<string, unknown>) : {};
    // POST /_fake/reset: the directories as they started
    if (parts[0] === "reset") {
      load(options.directories ?? demoDirectories());
      return send(res, 200, { ok: true });
    }
    // POST /_fake/token {tid, oid?, email?, claims?, sign?: "rogue", expiresIn?}: an ID token as the provider signs it
    if (parts[0] === "token") {
      const tid = String(input.tid);
      const user = directories.get(tid.toLowerCase())?.users.get(String(input.oid ?? ""));
      const claims = { ...(user ? claimsOf(tid, user) : { tid, oid: String(input.oid ?? randomUUID()) }), ...((input.claims as object) ?? {}) };
      return send(res, 200, { token: await idToken(claims, input.sign === "rogue" ? "rogue" : "real", Number(input.expiresIn ?? 3600)) });
    }
    // /_fake/directory/{tenant}/users[/{id}]
    if (parts[0] === "directory" && parts[2] === "users") {
      const tenant = parts[1].toLowerCase();
      if (req.method === "GET") return send(res, 200, { value: [...directory(tenant).users.values()] });
      if (req.method === "POST") {
        const existing = directory(tenant).users.get(String(input.id ?? ""));
        const user: FakeDirectoryUser = {
          id: randomUUID(),
          displayName: "",
          mail: null,
          userPrincipalName: "",
          jobTitle: null,
          department: null,
          photo: null,
          ...existing,
          ...(input as Partial<FakeDirectoryUser>),
        };
        if (!user.userPrincipalName) user.userPrincipalName = user.mail ?? `${user.id}@${tenant}.onmicrosoft.com`;
        upsert(tenant, user);
        return send(res, 200, user);
      }
      if (req.method === "DELETE" && parts[3]) return send(res, remove(tenant, decodeURIComponent(parts[3])) ? 200 : 404, {});
    }
    // /_fake/calendar/{tenant}/{userId}/events[/{id}]: create or move (POST), delete (DELETE), list (GET)
    if (parts[0] === "calendar" && parts[3] === "events") {
      const cal = calendar(parts[1].toLowerCase(), decodeURIComponent(parts[2]));
      if (req.method === "GET") return send(res, 200, { value: [...cal.events.values()] });
      if (req.method === "POST") {
        const id = String(input.id ?? randomBytes(16).toString("base64url"));
        const event: FakeEvent = {
          subject: "",
          showAs: "busy",
          isAllDay: false,
          isCancelled: false,
          ...cal.events.get(id),
          ...(input as Partial<FakeEvent>),
          id,
        } as FakeEvent;
        cal.events.set(id, event);
        cal.changes.push({ seq: ++seq, eventId: id });
        return send(res, 200, event);
      }
      if (req.method === "DELETE" && parts[4]) {
        const id = decodeURIComponent(parts[4]);
        if (!cal.events.delete(id)) return send(res, 404, {});
        cal.changes.push({ seq: ++seq, eventId: id });
        return send(res, 200, {});
      }
    }
    // PUT /_fake/calendar/{tenant}/{userId}/automatic-replies {status, scheduledStartDateTime?, scheduledEndDateTime?}
    if (parts[0] === "calendar" && parts[3] === "automatic-replies") {
      const cal = calendar(parts[1].toLowerCase(), decodeURIComponent(parts[2]));
      cal.automaticReplies = input as Calendar["automaticReplies"];
      return send(res, 200, cal.automaticReplies);
    }
    if (parts[0] === "requests") return send(res, 200, requests.slice(-200));
    // GET /_fake/teams-host?app=&tid=&oid=&frame=: a stand-in for the Teams client hosting the tab.
    if (parts[0] === "teams-host") return teamsHost(res, url);
    void url;
    send(res, 404, { error: "unknown control" });
  }

  /**
   * The host side of the Teams JavaScript SDK's postMessage protocol, as the Teams web client
   * answers a tab: initialize (frame context, client type, runtime config), getContext (the
   * person and tenant) and authentication.getAuthToken (an SSO token for our app, audience
   * api://{host}/{client id}); everything else answers with no arguments.
   */
  async function teamsHost(res: ServerResponse, url: URL) {
    const q = url.searchParams;
    const tid = (q.get("tid") ?? "").toLowerCase();
    const user = directories.get(tid)?.users.get(q.get("oid") ?? "");
    const app = q.get("app") ?? "";
    if (!user || !URL.canParse(app)) return send(res, 400, { error: "tid, oid and app are required" });
    const token = await idToken({ ...claimsOf(tid, user), aud: `api://${new URL(app).host}/${options.clientId}` });
    const context = {
      tid,
      userObjectId: user.id,
      loginHint: user.mail,
      userPrincipalName: user.userPrincipalName,
      hostClientType: "web",
      frameContext: "content",
      locale: "en-gb",
      entityId: "availability",
      appSessionId: randomUUID(),
      theme: "default",
    };
    const runtime = {
      apiVersion: 4,
      supports: { pages: { appButton: {}, tabs: {}, config: {}, backStack: {}, fullTrust: {} }, teamsCore: {}, logs: {} },
    };
    const frame = q.get("frame") === "extension-tab-frame" ? "extension-tab-frame" : "embedded-page-container";
    html(
      res,
      `<h1>Teams (test host)</h1><iframe name="${frame}" title="Availability tab" src="${escapeHtml(app)}" style="width:100%;height:80vh;border:0"></iframe>
<script>
const token = ${JSON.stringify(token)};
const context = ${JSON.stringify(context)};
const runtime = ${JSON.stringify(JSON.stringify(runtime))};
window.addEventListener("message", (event) => {
  const frame = document.querySelector("iframe").contentWindow;
  const m = event.data;
  if (event.source !== frame || !m || typeof m.id !== "number" || !m.func) return;
  let args = [];
  if (m.func === "initialize") args = ["content", "web", runtime, "2.58.0"];
  else if (m.func === "getContext") args = [context];
  else if (m.func === "authentication.getAuthToken") args = [true, token];
  frame.postMessage({ id: m.id, uuidAsString: m.uuidAsString, args }, event.origin);
});
</script>`,
    );
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    graphUrl: graph(),
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function select(u: FakeDirectoryUser, fields: string | null): Record<string, unknown> {
  const names = (fields ?? "id,displayName,mail,userPrincipalName,jobTitle,department").split(",");
  return Object.fromEntries(names.filter((n) => n in u).map((n) => [n, u[n as keyof FakeDirectoryUser]]));
}

interface CalendarRound {
  tenant: string;
  user: string;
  /** The window, ms. */
  from: number;
  to: number;
  since: number;
  offset: number;
  upTo: number;
}

function decodeAny<T>(token: string): T | null {
  try {
    return JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as T;
  } catch {
    return null;
  }
}

/** Graph's own way of writing a time: seven decimals, no zone suffix. */
const graphTime = (ms: number) => new Date(ms).toISOString().replace(/Z$/, "0000");

/** The instant a wall-clock time in a zone ("UTC" or an IANA zone) stands for. */
function instantOf({ dateTime, timeZone }: FakeDateTime): number {
  const wall = Date.parse(`${dateTime.slice(0, 19)}Z`);
  if (timeZone === "UTC") return wall;
  const offset = (at: number) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(new Date(at))
        .map((part) => [part.type, Number(part.value)]),
    );
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at;
  };
  return wall - offset(wall - offset(wall));
}

/** An event as Graph shows it: in UTC when the caller asked so (all-day events keep their dates). */
function shown(e: FakeEvent, utc: boolean) {
  const time = (t: FakeDateTime) =>
    e.isAllDay
      ? { dateTime: `${t.dateTime.slice(0, 10)}T00:00:00.0000000`, timeZone: utc ? "UTC" : t.timeZone }
      : utc
        ? { dateTime: graphTime(instantOf(t)), timeZone: "UTC" }
        : t;
  return { id: e.id, subject: e.subject, showAs: e.showAs, isAllDay: e.isAllDay, isCancelled: e.isCancelled, start: time(e.start), end: time(e.end) };
}

function encode(value: object) {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}
function decode(token: string): { tenant: string; since: number; offset: number; upTo: number } {
  try {
    return JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    return { tenant: "", since: -1, offset: 0, upTo: 0 };
  }
}

function withParams(target: string, params: Record<string, string | null | undefined>) {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(value));
}
function redirect(res: ServerResponse, location: string) {
  res.writeHead(302, { Location: location });
  res.end();
}
function html(res: ServerResponse, content: string) {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to your account</title></head><body><main>${content}</main></body></html>`,
  );
}
function escapeHtml(text: string) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/** A 48×48 PNG in one colour ("#rrggbb"): real image bytes for the photo sync. */
function png(colour: string): Buffer {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) || 0);
  const size = 48;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([len, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// `tsx tests/fakes/entra-server.ts --port 8887`: the provider for `npm start` and the e2e server.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!) && process.argv.includes("--port")) {
  const port = Number(process.argv[process.argv.indexOf("--port") + 1]);
  const { DEV_ENTRA_CLIENT_ID, DEV_ENTRA_CLIENT_SECRET } = await import("../../scripts/seed-constants");
  const fake = await startFakeEntra({ port, clientId: DEV_ENTRA_CLIENT_ID, clientSecret: DEV_ENTRA_CLIENT_SECRET });
  console.log(`[fake-entra] Microsoft Entra ID and Graph on ${fake.url}`);
}
