import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createPublisher } from "~/realtime/publish.server";
import { BASE, createCompany, tokenFor } from "./helpers";

async function connect(companyId: string, token?: string) {
  const url = new URL(`${BASE}/parties/company/${companyId}`);
  if (token) url.searchParams.set("token", token);
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
});
