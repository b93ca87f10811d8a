import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, companyDomains, emailOutbox, groups, sessions, users } from "~/db/schema";
import { api, BASE, createCompanyWithRoles, db, listen, PASSWORD, tokenFor } from "./helpers";

/**
 * SCIM 2.0 provisioning (issue 15 item 4, decision 0151) through the real Worker: what
 * Entra's and Okta's clients send, the RFC 7644 error shape, and the token's company as the
 * only scope.
 */
type Firm = Awaited<ReturnType<typeof createCompanyWithRoles>>;

const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
const ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";

async function issueToken(firm: Firm) {
  const response = await api("/api/v2/company/scim-token", { method: "POST", token: firm.tokens.companyAdmin, json: { name: "Entra ID" } });
  expect(response.status).toBe(201);
  return (await response.json()) as { _id: string; token: string };
}

function scim(path: string, token: string | null, init: { method?: string; json?: unknown; body?: string; contentType?: string } = {}) {
  const headers = new Headers();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let body = init.body;
  if (init.json !== undefined) body = JSON.stringify(init.json);
  if (body !== undefined) headers.set("Content-Type", init.contentType ?? "application/scim+json");
  return SELF.fetch(`${BASE}/scim/v2${path}`, { method: init.method ?? "GET", headers, body });
}

const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User", ENTERPRISE],
  userName: email,
  externalId: `ext-${email}`,
  name: { givenName: "Saga", familyName: "Berg" },
  emails: [{ value: email, type: "work", primary: true }],
  title: "Associate",
  active: true,
  [ENTERPRISE]: { department: "Tax" },
  ...extra,
});

let firm: Firm;
let other: Firm;
let token: string;
let otherToken: string;
beforeAll(async () => {
  firm = await createCompanyWithRoles("SCIM Firm");
  other = await createCompanyWithRoles("SCIM Other");
  await db()
    .update(groups)
    .set({ ssoIdentifiers: ["Tax"] })
    .where(eq(groups.id, firm.group.id));
  token = (await issueToken(firm)).token;
  otherToken = (await issueToken(other)).token;
});

describe("SCIM tokens", () => {
  it("refuses calls without a token, with a wrong one and with a revoked one (401 in the SCIM error shape)", async () => {
    for (const bad of [null, "scim_not-a-token"]) {
      const response = await scim("/Users", bad);
      expect(response.status).toBe(401);
      expect(response.headers.get("Content-Type")).toContain("application/scim+json");
      expect(await response.json()).toEqual({ schemas: [ERROR], status: "401", detail: "A valid SCIM bearer token is required." });
    }
    const issued = await issueToken(firm);
    expect((await scim("/Users", issued.token)).status).toBe(200);
    const list = (await (await api("/api/v2/company/scim-token", { token: firm.tokens.companyAdmin })).json()) as Record<string, unknown>[];
    expect(JSON.stringify(list)).not.toContain(issued.token);
    expect((await api(`/api/v2/company/scim-token/${issued._id}`, { method: "DELETE", token: firm.tokens.companyAdmin })).status).toBe(200);
    expect((await scim("/Users", issued.token)).status).toBe(401);
  });
});

describe("SCIM Users", () => {
  it("creates a person (Entra's POST), maps department to the group, and refuses a duplicate userName with 409 uniqueness", async () => {
    const email = "saga.berg@scim-firm.test";
    const response = await scim("/Users", token, { method: "POST", json: newUser(email) });
    expect(response.status).toBe(201);
    const created = (await response.json()) as Record<string, unknown> & { id: string };
    expect(created).toMatchObject({ userName: email, displayName: "Saga Berg", title: "Associate", active: true, externalId: `ext-${email}` });
    const [row] = await db().select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ companyId: firm.company.id, groupId: firm.group.id, officeId: firm.office.id, completed: true, passwordHash: null });
    const again = await scim("/Users", token, { method: "POST", json: newUser(email.toUpperCase()) });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      schemas: [ERROR],
      status: "409",
      scimType: "uniqueness",
      detail: `A user with userName ${email} already exists.`,
    });
  });

  it("another firm's member and an address at another firm's verified domain get the same neutral 409 (issue 26, item 4)", async () => {
    const domain = `scim-claimed-${crypto.randomUUID().slice(0, 8)}.test`;
    await db().insert(companyDomains).values({ domain, companyId: other.company.id, verifiedAt: new Date(), verifiedBy: "operator" });
    const member = await scim("/Users", token, { method: "POST", json: newUser(other.people.employee.email) });
    const nobody = await scim("/Users", token, { method: "POST", json: newUser(`nobody@${domain}`) });
    expect(member.status).toBe(409);
    expect(nobody.status).toBe(409);
    const [a, b] = [(await member.json()) as { detail: string }, (await nobody.json()) as { detail: string }];
    expect(a).toMatchObject({ scimType: "uniqueness", detail: `userName ${other.people.employee.email} cannot be used in this organisation.` });
    expect(b.detail.replace(`nobody@${domain}`, "X")).toBe(a.detail.replace(other.people.employee.email, "X"));
  });

  it("a new userName signs the person out everywhere, voids their mailed links and tells the old address (issue 26, item 6)", async () => {
    const person = await firm.createUser("employee");
    const bearer = await tokenFor(person.email);
    expect((await api("/api/v2/users/me", { token: bearer })).status).toBe(200);
    const renamed = `renamed-${crypto.randomUUID().slice(0, 6)}@scim-firm.test`;
    const patch = await scim(`/Users/${person.id}`, token, {
      method: "PATCH",
      json: { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "Replace", path: "userName", value: renamed }] },
    });
    expect(patch.status).toBe(200);
    expect((await api("/api/v2/users/me", { token: bearer })).status).toBe(401);
    const [notice] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email));
    expect(notice.subject).toBe("Your SCIM Firm account e-mail was changed");
    expect(notice.textBody).toContain(renamed);
    expect(notice.textBody).toContain("signed out everywhere");
  });

  it("gets and lists with filter=userName eq, only within the token's company", async () => {
    const email = "list.me@scim-firm.test";
    const { id } = (await (await scim("/Users", token, { method: "POST", json: newUser(email) })).json()) as { id: string };
    expect(((await (await scim(`/Users/${id}`, token)).json()) as { userName: string }).userName).toBe(email);
    const found = (await (await scim(`/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`, token)).json()) as {
      totalResults: number;
      Resources: { id: string }[];
    };
    expect(found.totalResults).toBe(1);
    expect(found.Resources[0].id).toBe(id);
    // The other company's token sees nothing of this company.
    const foreign = await scim(`/Users/${id}`, otherToken);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { schemas: string[] }).schemas).toEqual([ERROR]);
    const none = (await (await scim(`/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`, otherToken)).json()) as { totalResults: number };
    expect(none.totalResults).toBe(0);
    const bad = await scim(`/Users?filter=${encodeURIComponent('name co "x"')}`, token);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { scimType: string }).scimType).toBe("invalidFilter");
  });

  it("PUT replaces, PATCH (Okta's value object) updates", async () => {
    const email = "put.me@scim-firm.test";
    const { id } = (await (await scim("/Users", token, { method: "POST", json: newUser(email) })).json()) as { id: string };
    const put = await scim(`/Users/${id}`, token, {
      method: "PUT",
      json: newUser(email, { name: { givenName: "Saga", familyName: "Lind" }, title: undefined }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ displayName: "Saga Lind", title: "" });
    const patch = await scim(`/Users/${id}`, token, {
      method: "PATCH",
      json: { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "replace", value: { title: "Senior Associate" } }] },
    });
    expect(await patch.json()).toMatchObject({ title: "Senior Associate" });
  });

  it("PATCH active False (Entra's form) blocks sign-in, ends sessions and hides the person; history stays", async () => {
    const person = await firm.createUser("employee");
    const bearer = await tokenFor(person.email);
    const response = await scim(`/Users/${person.id}`, token, {
      method: "PATCH",
      json: { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "Replace", path: "active", value: "False" }] },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { active: boolean }).active).toBe(false);
    expect((await api("/api/v2/users/me", { token: bearer })).status).toBe(401);
    const open = await db().select().from(sessions).where(eq(sessions.userId, person.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    const login = await api("/api/v2/account/login", { method: "POST", json: { email: person.email, password: PASSWORD } });
    expect(login.status).toBe(401);
    const list = (await (await api("/api/v2/users", { token: firm.tokens.companyAdmin })).json()) as { _id: string }[];
    expect(list.map((u) => u._id)).not.toContain(person.id);
    // Hidden from the team views too, not only from the people list.
    const planner = (await (await api("/resources/planner", { token: firm.tokens.companyAdmin })).json()) as { people: { _id: string }[] };
    expect(planner.people.map((p) => p._id)).not.toContain(person.id);
    const wfh = (await (await api("/resources/wfh-overview", { token: firm.tokens.companyAdmin })).json()) as { rows: { _id: string }[] };
    expect(wfh.rows.map((r) => r._id)).not.toContain(person.id);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, person.id))).toHaveLength(1);
    // Active again: signs in again.
    await scim(`/Users/${person.id}`, token, { method: "PATCH", json: { Operations: [{ op: "replace", value: { active: true } }] } });
    expect((await api("/api/v2/account/login", { method: "POST", json: { email: person.email, password: PASSWORD } })).status).toBe(200);
    const back = (await (await api("/resources/planner", { token: firm.tokens.companyAdmin })).json()) as { people: { _id: string }[] };
    expect(back.people.map((p) => p._id)).toContain(person.id);
  });

  it("a deactivation runs as the system (source scim): its audit row in the change's batch, the event published", async () => {
    const person = await firm.createUser("employee");
    const room = await listen(firm.company.id, firm.tokens.companyAdmin);
    const deactivate = { Operations: [{ op: "Replace", path: "active", value: "False" }] };
    // The audit row cannot be written: the change it records is not written either.
    const trigger = `scim_audit_refused_${person.id.replace(/\W/g, "")}`;
    await env.DB.exec(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON audit_log WHEN NEW.entity_id = '${person.id}' BEGIN SELECT RAISE(ABORT, 'audit refused'); END`,
    );
    try {
      expect((await scim(`/Users/${person.id}`, token, { method: "PATCH", json: deactivate })).status).toBe(500);
    } finally {
      await env.DB.exec(`DROP TRIGGER ${trigger}`);
    }
    const [still] = await db().select({ deactivatedAt: users.deactivatedAt }).from(users).where(eq(users.id, person.id));
    expect(still.deactivatedAt).toBeNull();

    expect((await scim(`/Users/${person.id}`, token, { method: "PATCH", json: deactivate })).status).toBe(200);
    const rows = await db().select().from(auditLog).where(eq(auditLog.entityId, person.id));
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: null,
        action: "scim-user-deactivated",
        entityType: "user",
        data: { fields: ["deactivatedAt"], source: "scim" },
      }),
    ]);
    // Open browsers of the firm hear of it, as after an administrator's change.
    expect(await room.next("UPDATE_USER")).toMatchObject({ _id: person.id, sessionId: null });
    room.close();
  });

  it("bad input answers the RFC 7644 error shape and changes nothing", async () => {
    const cases: [string, Parameters<typeof scim>[2], number, string | undefined][] = [
      ["/Users", { method: "POST", json: { userName: "" } }, 400, "invalidValue"],
      ["/Users", { method: "POST", json: { userName: "not-an-email" } }, 400, "invalidValue"],
      ["/Users", { method: "POST", body: "{not json" }, 400, "invalidSyntax"],
      ["/Users", { method: "POST", body: "[]" }, 400, "invalidSyntax"],
      ["/Users", { method: "POST", body: "userName=x", contentType: "application/x-www-form-urlencoded" }, 415, undefined],
      [`/Users/${firm.people.employee.id}`, { method: "PATCH", json: { Operations: [] } }, 400, "invalidSyntax"],
      [`/Users/${firm.people.employee.id}`, { method: "PATCH", json: { Operations: [{ op: "move", path: "title" }] } }, 400, "invalidSyntax"],
      [
        `/Users/${firm.people.employee.id}`,
        { method: "PATCH", json: { Operations: [{ op: "replace", path: "active", value: "maybe" }] } },
        400,
        "invalidValue",
      ],
      ["/Users/000000000000000000000000", { method: "PUT", json: newUser("x@scim-firm.test") }, 404, undefined],
      ["/Users", { method: "DELETE" }, 405, undefined],
    ];
    const before = await db().select().from(users).where(eq(users.companyId, firm.company.id));
    for (const [path, init, status, scimType] of cases) {
      const response = await scim(path, token, init);
      expect(response.status, `${init?.method} ${path}`).toBe(status);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.schemas).toEqual([ERROR]);
      expect(body.status).toBe(String(status));
      expect(body.scimType).toBe(scimType);
    }
    expect(await db().select().from(users).where(eq(users.companyId, firm.company.id))).toEqual(before);
  });
});

describe("SCIM Groups", () => {
  it("a directory group's members move into the group whose SSO identifiers name it", async () => {
    const person = await firm.createUser("employee", { groupId: null, officeId: null });
    const created = await scim("/Groups", token, { method: "POST", json: { displayName: "Tax", members: [{ value: person.id }] } });
    expect(created.status).toBe(201);
    const group = (await created.json()) as { id: string; members: { value: string }[] };
    expect(group.members.map((m) => m.value)).toEqual([person.id]);
    expect((await db().select().from(users).where(eq(users.id, person.id)))[0]).toMatchObject({ groupId: firm.group.id, officeId: firm.office.id });

    const later = await firm.createUser("employee", { groupId: null, officeId: null });
    const patch = await scim(`/Groups/${group.id}`, token, {
      method: "PATCH",
      json: {
        schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        Operations: [{ op: "Add", path: "members", value: [{ value: later.id }] }],
      },
    });
    expect(patch.status).toBe(200);
    expect((await db().select().from(users).where(eq(users.id, later.id)))[0].groupId).toBe(firm.group.id);
    const listed = (await (await scim(`/Groups?filter=${encodeURIComponent('displayName eq "Tax"')}`, token)).json()) as { totalResults: number };
    expect(listed.totalResults).toBe(1);
    // Scoped: another company's token neither sees the group nor can add its people.
    expect((await scim(`/Groups/${group.id}`, otherToken)).status).toBe(404);
    const foreignMember = await scim("/Groups", otherToken, { method: "POST", json: { displayName: "Tax", members: [{ value: person.id }] } });
    expect(foreignMember.status).toBe(400);
    const remove = await scim(`/Groups/${group.id}`, token, {
      method: "PATCH",
      json: { Operations: [{ op: "Remove", path: `members[value eq "${later.id}"]` }] },
    });
    expect(((await remove.json()) as { members: { value: string }[] }).members.map((m) => m.value)).toEqual([person.id]);
    expect((await scim(`/Groups/${group.id}`, token, { method: "DELETE" })).status).toBe(204);
    expect((await scim(`/Groups/${group.id}`, token)).status).toBe(404);
  });
});
