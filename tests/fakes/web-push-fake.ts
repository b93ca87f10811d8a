import { createECDH, createHmac, createDecipheriv, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeProtectedHeader, importJWK, jwtVerify } from "jose";

/**
 * A loopback Web Push service (RFC 8030) for the tests and `npm start` (decision 0302), speaking
 * the protocol browsers' push services speak to an application server:
 * - `POST /push/{id}` with `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): the JWT's
 *   ES256 signature is verified with k, k must be the applicationServerKey the subscription was
 *   made with, aud must be this service's origin, exp in the future and at most 24 hours away,
 *   sub a mailto: or https: contact; a `TTL` header (RFC 8030 §5.2);
 *   `Content-Encoding: aes128gcm` and a body of at most 4096 bytes, which is decrypted (RFC 8291,
 *   RFC 8188) with the subscription's private key and auth secret: the plaintext is recorded.
 *   Answers 201 with a Location, or 400/401/403/404/410/413 as push services do.
 *
 * Control (tests and testers): `POST /__control/subscriptions` `{"applicationServerKey": "…"}`
 * makes a subscription as a browser's pushManager.subscribe would and answers its
 * PushSubscription JSON `{endpoint, expirationTime, keys: {p256dh, auth}}`;
 * `GET /__control/messages` lists what was accepted (with the plaintext);
 * `PUT /__control/subscriptions/{id}` `{"status": 410}` makes that endpoint answer so from then on
 * (`{"status": 201}` clears it); `DELETE /__control` forgets the messages and the forced answers.
 */
export interface WebPushMessage {
  subscriptionId: string;
  endpoint: string;
  headers: Record<string, string>;
  claims: { aud: string; exp: number; sub: string };
  plaintext: string;
  at: string;
}

interface Subscription {
  id: string;
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey: string;
}

const MAX_BODY = 4096;
const DAY_S = 86_400;

const b64url = (bytes: Buffer) => bytes.toString("base64url");
const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: the plaintext of a single-record aes128gcm body. */
export function decryptAes128gcm(body: Buffer, subscription: { ecdh: ReturnType<typeof createECDH>; publicKey: Buffer; auth: Buffer }): string {
  if (body.length < 21) throw new Error("body shorter than the aes128gcm header");
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || senderKey[0] !== 4) throw new Error("keyid is not the sender's uncompressed P-256 key");
  if (recordSize < 18 || ciphertext.length > recordSize) throw new Error("not a single record of the declared size");
  if (ciphertext.length < 17) throw new Error("record too short");
  const ecdhSecret = subscription.ecdh.computeSecret(senderKey);
  const prkKey = hmac(subscription.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), subscription.publicKey, senderKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo).subarray(0, 32);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new Error("no last-record delimiter (0x02)");
  return padded.subarray(0, end).toString("utf8");
}

function answer(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Error("body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function startFakeWebPush(options: { port?: number } = {}) {
  const subscriptions = new Map<string, Subscription>();
  const messages: WebPushMessage[] = [];
  const forced = new Map<string, number>();
  let origin = "";

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", origin);
    if (url.pathname.startsWith("/__control")) {
      if (req.method === "GET" && url.pathname === "/__control/messages") return answer(res, 200, messages);
      if (req.method === "DELETE" && url.pathname === "/__control") {
        messages.length = 0;
        forced.clear();
        return answer(res, 204);
      }
      if (req.method === "POST" && url.pathname === "/__control/subscriptions") {
        const { applicationServerKey } = JSON.parse((await readBody(req)).toString() || "{}") as { applicationServerKey?: string };
        if (!applicationServerKey || Buffer.from(applicationServerKey, "base64url").length !== 65)
          return answer(res, 400, { message: "applicationServerKey must be an uncompressed P-256 point, base64url" });
        const ecdh = createECDH("prime256v1");
        const publicKey = ecdh.generateKeys();
        const subscription = { id: randomUUID(), ecdh, publicKey, auth: randomBytes(16), applicationServerKey };
        subscriptions.set(subscription.id, subscription);
        return answer(res, 201, {
          endpoint: `${origin}/push/${subscription.id}`,
          expirationTime: null,
          keys: { p256dh: b64url(publicKey), auth: b64url(subscription.auth) },
        });
      }
      const id = /^\/__control\/subscriptions\/([^/]+)$/.exec(url.pathname)?.[1];
      if (req.method === "PUT" && id) {
        const { status } = JSON.parse((await readBody(req)).toString()) as { status: number };
        if (status === 201) forced.delete(id);
        else forced.set(id, status);
        return answer(res, 204);
      }
      return answer(res, 404, { message: "no such control path" });
    }

    const id = /^\/push\/([^/]+)$/.exec(url.pathname)?.[1];
    if (!id) return answer(res, 404, { message: "no such push resource" });
    if (req.method !== "POST") return answer(res, 405, { message: "POST a message" });
    const subscription = subscriptions.get(id);
    if (!subscription) return answer(res, 404, { message: "no such subscription" });
    const status = forced.get(id);
    if (status) {
      if (status === 410) subscriptions.delete(id);
      return answer(res, status, { message: status === 410 ? "subscription expired" : `forced ${status}` });
    }

    // VAPID (RFC 8292 §3).
    const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? "");
    if (!auth) return answer(res, 401, { message: "Authorization: vapid t=…, k=… is missing" });
    const [, jwt, k] = auth;
    if (k !== subscription.applicationServerKey) return answer(res, 403, { message: "k is not the key the subscription was made with" });
    const point = Buffer.from(k, "base64url");
    let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
    try {
      if (decodeProtectedHeader(jwt).alg !== "ES256") throw new Error("not ES256");
      const key = await importJWK({ kty: "EC", crv: "P-256", x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) }, "ES256");
      claims = (await jwtVerify(jwt, key, { algorithms: ["ES256"] })).payload;
    } catch (error) {
      return answer(res, 403, { message: `VAPID JWT refused: ${(error as Error).message}` });
    }
    const now = Math.floor(Date.now() / 1000);
    if (claims.aud !== origin) return answer(res, 403, { message: `aud is ${JSON.stringify(claims.aud)}, not ${origin}` });
    if (typeof claims.exp !== "number" || claims.exp <= now || claims.exp > now + DAY_S)
      return answer(res, 403, { message: "exp must be in the next 24 hours" });
    if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub))
      return answer(res, 403, { message: "sub must be mailto: or https:" });

    // The message (RFC 8030 §5, RFC 8291).
    const ttl = req.headers.ttl;
    if (typeof ttl !== "string" || !/^\d+$/.test(ttl)) return answer(res, 400, { message: "TTL header missing" });
    if (req.headers["content-encoding"] !== "aes128gcm") return answer(res, 400, { message: "Content-Encoding must be aes128gcm" });
    let body: Buffer;
    try {
      body = await readBody(req, MAX_BODY);
    } catch {
      return answer(res, 413, { message: `payload larger than ${MAX_BODY} bytes` });
    }
    let plaintext: string;
    try {
      plaintext = decryptAes128gcm(body, subscription);
    } catch (error) {
      return answer(res, 400, { message: `cannot decrypt: ${(error as Error).message}` });
    }
    messages.push({
      subscriptionId: id,
      endpoint: `${origin}/push/${id}`,
      headers: Object.fromEntries(
        ["ttl", "topic", "urgency", "content-encoding", "content-type"]
          .filter((h) => req.headers[h] !== undefined)
          .map((h) => [h, String(req.headers[h])]),
      ),
      claims: { aud: claims.aud as string, exp: claims.exp, sub: claims.sub },
      plaintext,
      at: new Date().toISOString(),
    });
    return answer(res, 201, undefined, { Location: `${origin}/message/${randomUUID()}` });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => answer(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return { port, url: origin, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// `tsx tests/fakes/web-push-fake.ts` (npm start): serve on $WEBPUSH_FAKE_PORT or $PORT + 600 (decision 0285) until stopped.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  const { devPorts } = await import("../../scripts/dev-ports");
  startFakeWebPush({ port: devPorts().WEBPUSH_PORT }).then(({ url }) =>
    console.log(`[web-push-fake] loopback Web Push service on ${url} (accepted messages: ${url}/__control/messages)`),
  );
}
