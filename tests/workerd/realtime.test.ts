import { env, SELF } from "cloudflare:test";
import { decodeJwt } from "jose";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { officeRow } from "~/db/factories";
import { offices } from "~/db/schema";
import { createPublisher } from "~/realtime/publish.server";
import type { RealtimeEvent } from "~/realtime/events";
import { ROOM_MOVED, SESSION_ENDED } from "~/realtime/room.types";
import type { CompanyRoom } from "../../workers/company-room";
import { api, BASE, connectSocket, createCompany, db, listen, PASSWORD, socketTicket, tokenFor } from "./helpers";

async function connect(companyId: string, token?: string) {
  const url = new URL(`${BASE}/parties/company/${companyId}`);
  if (token) url.searchParams.set("ticket", await socketTicket(token));
  const response = await SELF.fetch(url, { headers: { Upgrade: "websocket" } });
  return response;
}

function nextMessage(socket: WebSocket, predicate: (data: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no message within 2 s")), 2000);
    socket.addEventListener("message", (event) => {
      const data = String(event.data);
      if (predicate(data)) {
        clearTimeout(timer);
        resolve(data);
      }
    });
  });
}

describe("company room", () => {
  it("lets a member connect and delivers events published for the company", async () => {
    const { company, createUser } = await createCompany();
    const user = await createUser("employee");
    const response = await connect(company.id, await tokenFor(user.email));
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    socket.accept();
    const received = nextMessage(socket, (data) => data.includes("UPDATE_FORECASTS_FOR_USER"));

    const pending: Promise<unknown>[] = [];
    const publish = createPublisher(env, { waitUntil: (p: Promise<unknown>) => void pending.push(p) });
    publish(company.id, { type: "UPDATE_FORECASTS_FOR_USER", userId: user.id, sessionId: "tab-1" });
    await Promise.all(pending);

    expect(JSON.parse(await received)).toEqual({ type: "UPDATE_FORECASTS_FOR_USER", userId: user.id, sessionId: "tab-1" });
    socket.close();
  });

  it("refuses a signed-out caller and a member of another company", async () => {
    const { company } = await createCompany("Room A");
    const other = await createCompany("Room B");
    const outsider = await other.createUser("administrator");
    expect((await connect(company.id)).status).toBe(403);
    expect((await connect(company.id, await tokenFor(outsider.email))).status).toBe(403);
  });

  it("refuses the long-lived token in the URL, a ticket used twice, an expired one and one of another company", async () => {
    const { company, createUser } = await createCompany("Room C");
    const other = await createCompany("Room D");
    const user = await createUser("employee");
    const token = await tokenFor(user.email);
    const byToken = await SELF.fetch(`${BASE}/parties/company/${company.id}?token=${encodeURIComponent(token)}`, {
      headers: { Upgrade: "websocket" },
    });
    expect(byToken.status).toBe(403);

    const ticket = await socketTicket(token);
    const first = await connectSocket(company.id, ticket);
    expect(first.status).toBe(101);
    first.webSocket!.accept();
    first.webSocket!.close();
    expect((await connectSocket(company.id, ticket)).status).toBe(403);

    const room = await getServerByName(env.Company as unknown as DurableObjectNamespace<CompanyRoom>, company.id);
    const expired = await room.issueTicket({ sessionId: decodeJwt(token).sid as string, userId: user.id }, Date.now() - 1);
    expect((await connectSocket(company.id, expired)).status).toBe(403);

    const outsider = await other.createUser("administrator");
    expect((await connectSocket(company.id, await socketTicket(await tokenFor(outsider.email)))).status).toBe(403);
  });

  it("answers the ticket with its lifetime, and refuses it once the session has ended", async () => {
    const { company, createUser } = await createCompany("Room E");
    const user = await createUser("employee");
    const token = await tokenFor(user.email);
    const response = await api("/api/v2/realtime/ticket", { method: "POST", token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ticket: string; companyId: string; expiresIn: number };
    expect(body).toMatchObject({ companyId: company.id, expiresIn: 30 });
    await SELF.fetch(`${BASE}/logout`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, redirect: "manual" });
    expect((await connectSocket(company.id, body.ticket)).status).toBe(403);
  });

  it("checks Origin: our own pages and clients without one connect, another site's page does not", async () => {
    const { company, createUser } = await createCompany("Room F");
    const token = await tokenFor((await createUser("employee")).email);
    expect((await connectSocket(company.id, await socketTicket(token), { Origin: "https://evil.example" })).status).toBe(403);
    const own = await connectSocket(company.id, await socketTicket(token), { Origin: BASE });
    expect(own.status).toBe(101);
    own.webSocket!.accept();
    own.webSocket!.close();
  });

  it("closes a session's sockets when it ends: logout, token renewal, password change (other devices), deletion", async () => {
    const { company, createUser } = await createCompany("Room G");
    const admin = await createUser("companyAdmin");
    const user = await createUser("employee");

    const loggedOut = await tokenFor(user.email);
    const socket = await listen(company.id, loggedOut);
    const closed = socket.closed();
    await SELF.fetch(`${BASE}/logout`, { method: "POST", headers: { Authorization: `Bearer ${loggedOut}` }, redirect: "manual" });
    expect(await closed).toBe(4001);

    const renewed = await tokenFor(user.email);
    const beforeRenewal = await listen(company.id, renewed);
    const renewalClosed = beforeRenewal.closed();
    expect((await api("/api/v2/account/token/new", { method: "POST", token: renewed })).status).toBe(200);
    expect(await renewalClosed).toBe(4001);

    const thisDevice = await tokenFor(user.email);
    const otherDevice = await tokenFor(user.email);
    const here = await listen(company.id, thisDevice);
    const there = await listen(company.id, otherDevice);
    const thereClosed = there.closed();
    const change = await api("/api/v2/account/password", {
      method: "POST",
      token: thisDevice,
      json: { oldPassword: PASSWORD, newPassword: "a changed password", newPasswordConfirmation: "a changed password" },
    });
    expect(change.status).toBe(200);
    expect(await thereClosed).toBe(4001);
    await expect(here.closed()).rejects.toThrow(/not closed/);

    const hereClosed = here.closed();
    expect((await api(`/api/v2/users/${user.id}`, { method: "DELETE", token: await tokenFor(admin.email) })).status).toBe(200);
    expect(await hereClosed).toBe(4001);
  });
});

/** ROOM_SPLIT_SOCKETS is 60 in vitest.config.ts: the 61st open socket of a firm splits it. */
const SPLIT_AT = 60;

function firmRoom(companyId: string) {
  return getServerByName(env.Company as unknown as DurableObjectNamespace<CompanyRoom>, companyId);
}

async function publishNow(companyId: string, event: RealtimeEvent) {
  const pending: Promise<unknown>[] = [];
  createPublisher(env, { waitUntil: (p: Promise<unknown>) => void pending.push(p) })(companyId, event);
  await Promise.all(pending);
}

/** A socket that records every event and how it was closed, however long that takes. */
async function member(companyId: string, token: string) {
  const response = await connectSocket(companyId, await socketTicket(token));
  if (response.status !== 101) throw new Error(`room refused: ${response.status}`);
  const socket = response.webSocket!;
  socket.accept();
  const events: string[] = [];
  let closedWith: number | null = null;
  socket.addEventListener("message", (event) => events.push(String(event.data)));
  socket.addEventListener("close", (event) => {
    closedWith = event.code;
  });
  return {
    socket,
    events,
    closedWith: () => closedWith,
    /** Whether an event naming `marker` has arrived within `ms`. */
    async heard(marker: string, ms = 2000) {
      const started = Date.now();
      while (Date.now() - started < ms) {
        if (events.some((e) => e.includes(marker))) return true;
        await new Promise((r) => setTimeout(r, 10));
      }
      return false;
    },
  };
}

type Member = Awaited<ReturnType<typeof member>>;

async function waitFor(condition: () => boolean | Promise<boolean>, ms: number, what: string) {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${what} within ${ms} ms`);
}

/** Every socket gets the event: publishes one naming a fresh marker and waits for all. */
async function everyoneHears(companyId: string, userId: string, sockets: Member[]) {
  const marker = `marker-${crypto.randomUUID()}`;
  await publishNow(companyId, { type: "UPDATE_FORECASTS_FOR_USER", userId, sessionId: marker });
  const heard = await Promise.all(sockets.map((s) => s.heard(marker)));
  return heard.filter((h) => !h).length;
}

async function firmWithTwoOffices(name: string) {
  const firm = await createCompany(name);
  const second = officeRow(firm.company.id, firm.group.id, { name: `${name} Second Office` });
  await db().insert(offices).values(second);
  return { ...firm, second };
}

describe("rooms that split (decision 0309)", () => {
  it("keeps a 50-person firm in its one room, and every socket hears an event", async () => {
    const firm = await firmWithTwoOffices("Fifty");
    const sockets: Member[] = [];
    let someone = "";
    for (let i = 0; i < 50; i++) {
      const person = await firm.createUser("employee", i % 2 ? { officeId: firm.second.id } : {});
      someone = person.id;
      sockets.push(await member(firm.company.id, await tokenFor(person.email)));
    }
    expect(await (await firmRoom(firm.company.id)).roomCounts()).toEqual({ split: false, firm: 50, offices: {} });
    expect(await everyoneHears(firm.company.id, someone, sockets)).toBe(0);
    for (const s of sockets) s.socket.close();
  });

  it("past the threshold puts new sockets in their office rooms, moves the firm room's there, and no socket misses an event", async () => {
    const firm = await firmWithTwoOffices("Splitting");
    const inFirst = await firm.createUser("employee");
    const inSecond = await firm.createUser("employee", { officeId: firm.second.id });
    const nowhere = await firm.createUser("employee", { officeId: null });
    const first = await tokenFor(inFirst.email);
    const second = await tokenFor(inSecond.email);
    const none = await tokenFor(nowhere.email);
    const room = await firmRoom(firm.company.id);

    const before: Member[] = [];
    for (let i = 0; i < SPLIT_AT; i++) before.push(await member(firm.company.id, i % 2 ? second : first));
    expect(await room.roomCounts()).toEqual({ split: false, firm: SPLIT_AT, offices: {} });

    // The next sockets pass the threshold: each joins its owner's office room; one of a person
    // without an office stays in the firm room.
    const after = [await member(firm.company.id, first), await member(firm.company.id, second), await member(firm.company.id, none)];
    expect(await room.roomCounts()).toEqual({
      split: true,
      firm: SPLIT_AT + 1,
      offices: { [firm.office.id]: 1, [firm.second.id]: 1 },
    });
    // An event about a person of the second office reaches every socket, in every room.
    expect(await everyoneHears(firm.company.id, inSecond.id, [...before, ...after])).toBe(0);

    // Then the firm room asks its sockets of people with an office to move (the browser joins
    // again with a fresh ticket and refetches); the officeless one stays.
    await waitFor(() => before.every((s) => s.closedWith() === ROOM_MOVED), 10_000, "the firm room's sockets were not moved");
    expect(after.map((s) => s.closedWith())).toEqual([null, null, null]);
    const rejoined: Member[] = [];
    for (let i = 0; i < SPLIT_AT; i++) rejoined.push(await member(firm.company.id, i % 2 ? second : first));
    // Each office room reported its sockets to the firm room.
    await expect
      .poll(() => room.roomCounts(), { timeout: 2000 })
      .toEqual({ split: true, firm: 1, offices: { [firm.office.id]: 31, [firm.second.id]: 31 } });
    expect(await everyoneHears(firm.company.id, inFirst.id, [...after, ...rejoined])).toBe(0);

    // The URL of an office room is no way in, even with a good ticket.
    expect((await connectSocket(`${firm.company.id}~${firm.second.id}`, await socketTicket(first))).status).toBe(403);
    for (const s of [...after, ...rejoined]) s.socket.close();
  });

  it("closes a session's and a person's sockets in every room: sign-out, deletion", async () => {
    const firm = await firmWithTwoOffices("Closing");
    const admin = await firm.createUser("companyAdmin", { officeId: null });
    const leaving = await firm.createUser("employee");
    const deleted = await firm.createUser("employee", { officeId: firm.second.id });
    const filler = await tokenFor((await firm.createUser("employee")).email);
    const leavingToken = await tokenFor(leaving.email);
    const otherSession = await tokenFor(leaving.email);
    const deletedToken = await tokenFor(deleted.email);
    const room = await firmRoom(firm.company.id);

    // One socket each in the firm room, before the split...
    const leavingInFirm = await member(firm.company.id, leavingToken);
    const deletedInFirm = await member(firm.company.id, deletedToken);
    const fillers: Member[] = [];
    for (let i = 2; i < SPLIT_AT; i++) fillers.push(await member(firm.company.id, filler));
    // ...and one each in their office rooms after it.
    const leavingInOffice = await member(firm.company.id, leavingToken);
    const staysInOffice = await member(firm.company.id, otherSession);
    const deletedInOffice = await member(firm.company.id, deletedToken);
    expect(await room.roomCounts()).toMatchObject({ split: true, firm: SPLIT_AT, offices: { [firm.office.id]: 2, [firm.second.id]: 1 } });

    await SELF.fetch(`${BASE}/logout`, { method: "POST", headers: { Authorization: `Bearer ${leavingToken}` }, redirect: "manual" });
    await waitFor(
      () => leavingInFirm.closedWith() === SESSION_ENDED && leavingInOffice.closedWith() === SESSION_ENDED,
      2000,
      "sign-out did not close both sockets",
    );
    expect(staysInOffice.closedWith()).toBeNull();

    expect((await api(`/api/v2/users/${deleted.id}`, { method: "DELETE", token: await tokenFor(admin.email) })).status).toBe(200);
    await waitFor(
      () => deletedInFirm.closedWith() === SESSION_ENDED && deletedInOffice.closedWith() === SESSION_ENDED,
      2000,
      "deletion did not close both sockets",
    );
    expect(staysInOffice.closedWith()).toBeNull();
    for (const s of [...fillers, staysInOffice]) s.socket.close();
  });
});
