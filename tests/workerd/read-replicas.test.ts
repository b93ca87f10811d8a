import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client";
import { companies, groups, users } from "~/db/schema";
import { bookmarkOf, runInD1Sessions, startOf } from "~/db/d1-sessions";
import { companyRow, userRow } from "~/db/factories";
import { shardsOf } from "~/db/shards.server";
import type { Env } from "~/env";
import { flushDirectory } from "~/domain/installation/firm-directory.server";
import { hashPassword, pepperRing } from "~/domain/identity/password-hash.server";
import { api, cookieFor, createCompany, page, PASSWORD, postForm, tokenFor } from "./helpers";
import { uniqueAddress } from "./mail-helpers";

/**
 * Read replicas with read-your-writes (decision 0315): every request runs its statements in D1
 * sessions; a GET starts from the bookmark of the person's last write (cookie or header), a write
 * and anything before sign-in starts at the primary, and the answer hands the new bookmark back.
 * Locally D1 has no replicas, so what is observed is where each session starts (X-D1-Start, in
 * tests only) and the bookmarks D1 hands out.
 */
const installation = env as Env;
const START = "X-D1-Start";
const BOOKMARK = "Availability-Bookmark";

/** The primary's position now: a bookmark of a session whose one statement went to the primary. */
async function primaryBookmark(d1: D1Database = env.DB): Promise<string> {
  const session = d1.withSession("first-primary");
  await session.prepare("select 1").all();
  return session.getBookmark()!;
}

function bookmarkCookie(response: Response): string | null {
  const match = /(?:^|, )(__d1=[^;]+)/.exec(response.headers.get("Set-Cookie") ?? "");
  return match ? match[1] : null;
}

const bookmarkIn = (cookie: string) => decodeURIComponent(cookie.slice("__d1=".length));

describe("a browser reads its own writes (bookmark cookie)", () => {
  it("a write answers a bookmark no older than the write, and the next page starts from it", async () => {
    const firm = await createCompany("Bookmark Firm");
    const cookie = await cookieFor((await firm.createUser("companyAdmin")).email);
    const before = await primaryBookmark();
    const written = await postForm(cookie, "/groups?_data=routes%2F_app.groups", { intent: "createGroup", name: "Bookmarked" });
    expect(written.status).toBe(200);
    expect(written.headers.get(START)).toBe("first-primary");
    const after = await primaryBookmark();
    const d1 = bookmarkCookie(written)!;
    expect(d1).toMatch(/^__d1=0%3A[0-9a-f-]+$/);
    expect(written.headers.get("Set-Cookie")).toMatch(/__d1=[^;]+; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax/);
    const [shard, bookmark] = bookmarkIn(d1).split(":");
    expect(shard).toBe("0");
    // Bookmarks sort: the answer's includes the write (after the primary's position before it) and is no later than the primary's after.
    expect(bookmark > before).toBe(true);
    expect(bookmark <= after).toBe(true);
    const group = await createDb(env.DB.withSession(bookmark) as unknown as D1Database)
      .select({ name: groups.name })
      .from(groups)
      .where(eq(groups.companyId, firm.company.id));
    expect(group.map((g) => g.name)).toContain("Bookmarked");

    const next = await page("/home", { headers: { Cookie: `${cookie}; ${d1}` } });
    expect(next.status).toBe(200);
    expect(next.headers.get(START)).toBe(bookmark);
    // A read sets no cookie of its own.
    expect(bookmarkCookie(next)).toBeNull();
  });

  it("a page without a bookmark cookie may read from any copy", async () => {
    const firm = await createCompany("No Bookmark Firm");
    const cookie = await cookieFor((await firm.createUser("employee")).email);
    const home = await page("/home", { headers: { Cookie: cookie } });
    expect(home.status).toBe(200);
    expect(home.headers.get(START)).toBe("first-unconstrained");
  });

  it("a malformed bookmark, or one for another shard, starts at the primary and the page still works", async () => {
    const firm = await createCompany("Damaged Bookmark Firm");
    const cookie = await cookieFor((await firm.createUser("employee")).email);
    const good = await primaryBookmark();
    for (const damaged of ["0%3Agarbage", "garbage", "0%3Affffffff-ffff", `1%3A${good}`, `9%3A${good}`]) {
      const home = await page("/home", { headers: { Cookie: `${cookie}; __d1=${damaged}` } });
      expect(home.status, damaged).toBe(200);
      expect(home.headers.get(START), damaged).toBe("first-primary");
    }
  });

  it("sign-in answers a bookmark, so the first page finds the new session on any copy", async () => {
    const firm = await createCompany("Sign-in Bookmark Firm");
    const person = await firm.createUser("employee");
    const login = await page("/login", {
      method: "POST",
      body: new URLSearchParams({ email: person.email, password: PASSWORD, redirectTo: "" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "203.0.113.41" },
    });
    expect(login.status).toBe(302);
    // Before sign-in: the primary.
    expect(login.headers.get(START)).toBe("first-primary");
    const session = login.headers.get("Set-Cookie")!.split(";")[0];
    const d1 = bookmarkCookie(login)!;
    expect(d1).toMatch(/^__d1=0%3A/);
    const home = await page("/home", { headers: { Cookie: `${session}; ${d1}` } });
    expect(home.status).toBe(200);
    expect(home.headers.get(START)).toBe(bookmarkIn(d1).slice(2));
  });

  it("a failed sign-in and a refused write set no bookmark cookie", async () => {
    const firm = await createCompany("Refused Bookmark Firm");
    const person = await firm.createUser("employee");
    const wrong = await page("/login", {
      method: "POST",
      body: new URLSearchParams({ email: person.email, password: "not the password", redirectTo: "" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "203.0.113.42" },
    });
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
    expect(wrong.headers.get(START)).toBe("first-primary");
  });

  it("a signed-in person opening a single-use link reads it from the primary", async () => {
    const firm = await createCompany("Link Reader Firm");
    const cookie = await cookieFor((await firm.createUser("employee")).email);
    const good = await primaryBookmark();
    // The invite page looks its link up (findInvite), which must see the primary: the session moves there.
    const invite = await page(`/signup/${firm.company.id}.not-a-real-secret`, { headers: { Cookie: `${cookie}; __d1=0%3A${good}` } });
    expect(invite.status).toBeLessThan(500);
    expect(invite.headers.get(START)).toBe("first-primary");
  });
});

describe("a bearer client reads its own writes (Availability-Bookmark)", () => {
  it("every /api/v2 answer carries the bookmark; sent back, the next GET starts from it", async () => {
    const firm = await createCompany("Bearer Bookmark Firm");
    const person = await firm.createUser("employee");
    const token = await tokenFor(person.email);
    // Without the header a bearer GET starts at the primary (the client may have just written elsewhere).
    const plain = await api("/api/v2/users/me", { token });
    expect(plain.status).toBe(200);
    expect(plain.headers.get(START)).toBe("first-primary");
    expect(plain.headers.get(BOOKMARK)).toMatch(/^0:[0-9a-f-]{59}$/);

    const before = await primaryBookmark();
    const written = await api(`/api/v2/users/${person.id}`, { method: "PUT", token, json: { name: "Bea Bookmark" } });
    expect(written.status).toBe(200);
    expect(written.headers.get(START)).toBe("first-primary");
    // A bearer client gets the header, not a cookie.
    expect(written.headers.get("Set-Cookie")).toBeNull();
    const carried = written.headers.get(BOOKMARK)!;
    expect(carried.slice(2) > before).toBe(true);

    const next = await api("/api/v2/users/me", { token, headers: { [BOOKMARK]: carried } });
    expect(next.status).toBe(200);
    expect(next.headers.get(START)).toBe(carried.slice(2));
    expect(((await next.json()) as { name: string }).name).toBe("Bea Bookmark");

    // A write with a bookmark still starts at the primary; a damaged header falls back to it.
    const again = await api(`/api/v2/users/${person.id}`, { method: "PUT", token, json: { name: "Bea" }, headers: { [BOOKMARK]: carried } });
    expect(again.headers.get(START)).toBe("first-primary");
    const damaged = await api("/api/v2/users/me", { token, headers: { [BOOKMARK]: "0:nonsense" } });
    expect(damaged.status).toBe(200);
    expect(damaged.headers.get(START)).toBe("first-primary");
  });

  it("API sign-in starts at the primary and answers its bookmark", async () => {
    const firm = await createCompany("API Sign-in Bookmark Firm");
    const person = await firm.createUser("employee");
    const login = await api("/api/v2/account/login", {
      method: "POST",
      json: { email: person.email, password: PASSWORD },
      headers: { "CF-Connecting-IP": "203.0.113.43" },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get(START)).toBe("first-primary");
    expect(login.headers.get(BOOKMARK)).toMatch(/^0:/);
  });
});

describe("a firm on shard 2", () => {
  it("its bookmark names shard 2 and starts shard 2's session", async () => {
    const company = companyRow({ name: "Bookmark Shard Two", settings: "{}" });
    const person = userRow(company.id, "companyAdmin", {
      email: uniqueAddress("bookmark2"),
      passwordHash: await hashPassword(PASSWORD, pepperRing(installation), 1000),
    });
    const db2 = createDb(env.DB_SHARD_2!);
    await db2.batch([db2.insert(companies).values(company), db2.insert(users).values(person)]);
    await flushDirectory(installation, shardsOf(installation)[2]);
    const token = await tokenFor(person.email!);
    const written = await api(`/api/v2/users/${person.id}`, { method: "PUT", token, json: { name: "Two Bookmarks" } });
    expect(written.status).toBe(200);
    const carried = written.headers.get(BOOKMARK)!;
    expect(carried).toMatch(/^2:/);
    expect(carried.slice(2) <= (await primaryBookmark(env.DB_SHARD_2!))).toBe(true);
    const next = await api("/api/v2/users/me", { token, headers: { [BOOKMARK]: carried } });
    expect(next.headers.get(START)).toBe(carried.slice(2));
    // Shard 0's bookmark is not shard 2's.
    const other = await api("/api/v2/users/me", { token, headers: { [BOOKMARK]: `0:${carried.slice(2)}` } });
    expect(other.headers.get(START)).toBe("first-primary");
  });
});

describe("the session facade (db/d1-sessions.ts)", () => {
  it("a bookmark D1 refuses: the statement runs again on a session that starts at the primary", async () => {
    const refusing = new Proxy(env.DB, {
      get(target, key) {
        if (key !== "withSession") {
          const value = Reflect.get(target, key);
          return typeof value === "function" ? value.bind(target) : value;
        }
        return (start: string) => {
          if (start === "first-primary" || start === "first-unconstrained") return target.withSession(start);
          // What D1 answers for a bookmark it will not serve: every statement fails.
          const refuse = () => Promise.reject(new Error("D1_ERROR: invalid bookmark"));
          const statement = { bind: () => statement, all: refuse, raw: refuse, run: refuse, first: refuse };
          return { prepare: () => statement, batch: refuse, getBookmark: () => null };
        };
      },
    });
    const firm = await createCompany("Refused Facade Firm");
    const good = await primaryBookmark();
    const db = createDb(refusing);
    await runInD1Sessions(
      () => good,
      async (sessions) => {
        const rows = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, firm.company.id));
        expect(rows).toEqual([{ name: "Refused Facade Firm" }]);
        expect(startOf(sessions, refusing)).toBe("first-primary");
        expect(bookmarkOf(sessions, refusing)).not.toBeNull();
        // A batch after the fallback runs on the primary session too.
        const [again] = await db.batch([db.select({ id: companies.id }).from(companies).where(eq(companies.id, firm.company.id))]);
        expect(again).toHaveLength(1);
      },
    );
    // The batch path falls back too.
    await runInD1Sessions(
      () => good,
      async (sessions) => {
        const [rows] = await db.batch([db.select({ id: companies.id }).from(companies).where(eq(companies.id, firm.company.id))]);
        expect(rows).toHaveLength(1);
        expect(startOf(sessions, refusing)).toBe("first-primary");
      },
    );
  });

  it("outside a request it uses the bare binding (the primary), and a null start does too", async () => {
    const firm = await createCompany("Bare Facade Firm");
    expect(await createDb(env.DB).select({ id: companies.id }).from(companies).where(eq(companies.id, firm.company.id))).toHaveLength(1);
    await runInD1Sessions(
      () => null,
      async (sessions) => {
        await createDb(env.DB).select({ id: companies.id }).from(companies).where(eq(companies.id, firm.company.id));
        expect(startOf(sessions, env.DB)).toBe("primary");
        expect(bookmarkOf(sessions, env.DB)).toBeNull();
      },
    );
  });
});
