import { env, SELF } from "cloudflare:test";
import { decodeJwt } from "jose";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { createPublisher } from "~/realtime/publish.server";
import type { CompanyRoom } from "../../workers/company-room";
import { api, BASE, connectSocket, createCompany, listen, PASSWORD, socketTicket, tokenFor } from "./helpers";

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
