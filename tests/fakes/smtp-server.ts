import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on loopback for the tests (Node, started by the vitest global setup):
 * it accepts mail for anyone, requires nothing but accepts AUTH as `mailer` / `secret`,
 * offers no STARTTLS (the workerd client then talks plain SMTP, allowed to loopback only),
 * and keeps what arrived. A small HTTP server beside it lets the tests (running inside
 * workerd) read and clear the received messages: GET and DELETE /messages.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  user: string | null;
  subject: string;
  text: string;
  html: string | null;
  raw: string;
}

export const FAKE_SMTP_USER = "mailer";
export const FAKE_SMTP_PASSWORD = "secret";

function decodeWords(value: string): string {
  return value.replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, b64: string) => Buffer.from(b64, "base64").toString("utf8"));
}

function splitHead(part: string): { headers: Record<string, string>; body: string } {
  const index = part.indexOf("\r\n\r\n");
  const head = index >= 0 ? part.slice(0, index) : part;
  const body = index >= 0 ? part.slice(index + 4) : "";
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  if (/base64/i.test(headers["content-transfer-encoding"] ?? "")) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

export function parseMail(raw: string): Pick<ReceivedMail, "subject" | "text" | "html"> {
  const { headers, body } = splitHead(raw);
  const subject = decodeWords(headers.subject ?? "");
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (!boundary) return { subject, text: decodeBody(headers, body), html: null };
  let text = "";
  let html: string | null = null;
  for (const chunk of body.split(`--${boundary}`)) {
    const part = splitHead(chunk.replace(/^\r\n/, ""));
    const type = part.headers["content-type"] ?? "";
    if (/text\/plain/i.test(type)) text = decodeBody(part.headers, part.body);
    if (/text\/html/i.test(type)) html = decodeBody(part.headers, part.body);
  }
  return { subject, text, html };
}

export async function startFakeSmtp() {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === FAKE_SMTP_USER && auth.password === FAKE_SMTP_PASSWORD) return callback(null, { user: auth.username });
      callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      // An address with "bounce" in it is refused, to test failed sends.
      if (address.address.includes("bounce")) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: typeof session.user === "string" ? session.user : null,
          raw,
          ...parseMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((request, response) => {
    if (request.url?.startsWith("/messages")) {
      if (request.method === "DELETE") received.length = 0;
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(received));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpPort,
    httpPort,
    received,
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
