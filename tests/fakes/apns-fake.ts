import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeProtectedHeader, importSPKI, jwtVerify } from "jose";
import { DEV_APNS_KEY_ID, DEV_APNS_PUBLIC_KEY, DEV_APNS_TEAM_ID, DEV_APNS_TOPIC } from "./apns-keys";

/**
 * A loopback Apple Push Notification service for the tests and `npm start` (decision 0197).
 * The real one speaks HTTP/2 only; this one answers the same requests over HTTP/1.1, which is
 * what Workers' fetch speaks to a loopback address: `POST /3/device/{token}` with
 * `authorization: bearer <ES256 JWT>`, apns-topic, apns-push-type, apns-priority and
 * apns-expiration, and the JSON body; 200 with an apns-id, or an error status with
 * `{"reason": …}` (and `timestamp` for 410) as Apple documents them. The JWT is verified with
 * the provider key's public half: signature, kid, iss, and an iat no older than an hour.
 *
 * Control (tests and testers): `GET /__control/pushes` lists what was accepted;
 * `PUT /__control/token/{token}` with `{"status": 410, "reason": "Unregistered"}` makes that
 * device token answer so from then on (`{"status": 200}` clears it); `DELETE /__control` forgets all.
 */
export interface FakeApnsOptions {
  port?: number;
  publicKey?: string;
  keyId?: string;
  teamId?: string;
  topic?: string;
}

export interface AcceptedPush {
  token: string;
  headers: Record<string, string>;
  payload: unknown;
  claims: { iss: string; iat: number };
  kid: string;
  at: string;
}

const MAX_PAYLOAD = 4096;

function answer(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "apns-id": randomUUID(), ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let data = "";
  for await (const chunk of req) data += chunk;
  return data;
}

export async function startFakeApns(options: FakeApnsOptions = {}) {
  const keyId = options.keyId ?? DEV_APNS_KEY_ID;
  const teamId = options.teamId ?? DEV_APNS_TEAM_ID;
  const topic = options.topic ?? DEV_APNS_TOPIC;
  const publicKey = await importSPKI(options.publicKey ?? DEV_APNS_PUBLIC_KEY, "ES256");
  const pushes: AcceptedPush[] = [];
  const tokenAnswers = new Map<string, { status: number; reason: string }>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname.startsWith("/__control")) {
      if (req.method === "GET" && url.pathname === "/__control/pushes") return answer(res, 200, pushes);
      if (req.method === "DELETE" && url.pathname === "/__control") {
        pushes.length = 0;
        tokenAnswers.clear();
        return answer(res, 204);
      }
      const token = /^\/__control\/token\/([^/]+)$/.exec(url.pathname)?.[1];
      if (req.method === "PUT" && token) {
        const body = JSON.parse(await readBody(req)) as { status: number; reason?: string };
        if (body.status === 200) tokenAnswers.delete(decodeURIComponent(token));
        else tokenAnswers.set(decodeURIComponent(token), { status: body.status, reason: body.reason ?? "" });
        return answer(res, 204);
      }
      return answer(res, 404, { reason: "BadPath" });
    }
    const device = /^\/3\/device\/([^/]+)$/.exec(url.pathname)?.[1];
    if (!device) return answer(res, 404, { reason: "BadPath" });
    if (req.method !== "POST") return answer(res, 405, { reason: "MethodNotAllowed" });
    const body = await readBody(req);

    // Provider token.
    const auth = /^bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (!auth) return answer(res, 403, { reason: "MissingProviderToken" });
    let claims: { iss?: unknown; iat?: unknown };
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(auth).kid;
      claims = (await jwtVerify(auth, publicKey, { algorithms: ["ES256"] })).payload;
    } catch {
      return answer(res, 403, { reason: "InvalidProviderToken" });
    }
    if (kid !== keyId || claims.iss !== teamId || typeof claims.iat !== "number") return answer(res, 403, { reason: "InvalidProviderToken" });
    if (Date.now() / 1000 - claims.iat > 3600) return answer(res, 403, { reason: "ExpiredProviderToken" });

    // Headers and body.
    const header = (name: string) => req.headers[name] as string | undefined;
    if (!header("apns-topic")) return answer(res, 400, { reason: "MissingTopic" });
    if (header("apns-topic") !== topic) return answer(res, 400, { reason: "TopicDisallowed" });
    if (
      !["alert", "background", "voip", "complication", "fileprovider", "mdm", "liveactivity", "pushtotalk"].includes(header("apns-push-type") ?? "")
    )
      return answer(res, 400, { reason: "InvalidPushType" });
    if (header("apns-priority") !== undefined && !["1", "5", "10"].includes(header("apns-priority")!))
      return answer(res, 400, { reason: "BadPriority" });
    if (header("apns-expiration") !== undefined && !/^\d+$/.test(header("apns-expiration")!))
      return answer(res, 400, { reason: "BadExpirationDate" });
    if (!/^[0-9a-f]{64}$/i.test(device)) return answer(res, 400, { reason: "BadDeviceToken" });
    if (Buffer.byteLength(body) > MAX_PAYLOAD) return answer(res, 413, { reason: "PayloadTooLarge" });
    let payload: { aps?: unknown };
    try {
      payload = JSON.parse(body) as { aps?: unknown };
    } catch {
      return answer(res, 400, { reason: "PayloadEmpty" });
    }
    if (!payload || typeof payload.aps !== "object") return answer(res, 400, { reason: "PayloadEmpty" });

    const forced = tokenAnswers.get(device);
    if (forced) return answer(res, forced.status, { reason: forced.reason, ...(forced.status === 410 ? { timestamp: Date.now() } : {}) });
    pushes.push({
      token: device,
      headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => k.startsWith("apns-")) as [string, string][]),
      payload,
      claims: { iss: claims.iss as string, iat: claims.iat },
      kid,
      at: new Date().toISOString(),
    });
    return answer(res, 200);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => answer(res, 500, { reason: "InternalServerError", detail: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    pushes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// `tsx tests/fakes/apns-fake.ts` (npm start): serve on $APNS_FAKE_PORT or $PORT + 500 (decision 0285) until stopped.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  const { devPorts } = await import("../../scripts/dev-ports");
  startFakeApns({ port: devPorts().APNS_PORT }).then(({ url }) =>
    console.log(`[apns-fake] loopback APNs on ${url} (accepted pushes: ${url}/__control/pushes)`),
  );
}
