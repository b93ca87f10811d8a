import { connect } from "cloudflare:sockets";
import { addressOf, utf8Base64 } from "./mime";
import { hasControlCharacters, isLoopbackHost } from "./smtp-policy";
import type { SmtpSettings } from "./types";

/**
 * A small SMTP client over the Workers TCP socket API: EHLO, STARTTLS when the server
 * offers it (or TLS from the start when `secure`), AUTH PLAIN or LOGIN, one message, QUIT.
 * Every server reply is awaited with a time limit, and a closed connection is an error,
 * never a hang. TLS is required: a server that offers no STARTTLS is refused before
 * anything is sent (no silent plaintext fallback), except the loopback test server when
 * the installation allows it (`allowLoopbackPlaintext`, smtp-policy.ts). Envelope
 * addresses with control characters or angle brackets are refused, so nothing a setting
 * holds can add an SMTP command.
 */
export class SmtpError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = "SmtpError";
  }
}

const TIMEOUT_MS = 15_000;

interface Reply {
  code: number;
  lines: string[];
}

class Connection {
  private reader: ReadableStreamDefaultReader<Uint8Array>;
  private writer: WritableStreamDefaultWriter<Uint8Array>;
  private buffer = "";
  private readonly decoder = new TextDecoder();
  private readonly encoder = new TextEncoder();

  constructor(
    private socket: Socket,
    private readonly timeoutMs: number,
  ) {
    this.reader = socket.readable.getReader();
    this.writer = socket.writable.getWriter();
  }

  async upgrade(hostname: string) {
    this.reader.releaseLock();
    this.writer.releaseLock();
    this.socket = this.socket.startTls({ expectedServerHostname: hostname });
    this.reader = this.socket.readable.getReader();
    this.writer = this.socket.writable.getWriter();
    this.buffer = "";
  }

  async write(text: string) {
    await withTimeout(this.writer.write(this.encoder.encode(text)), this.timeoutMs, "writing to the SMTP server");
  }

  async command(line: string, expect: number[], what = line.split(" ")[0]): Promise<Reply> {
    await this.write(`${line}\r\n`);
    return this.expect(expect, what);
  }

  async expect(codes: number[], what: string): Promise<Reply> {
    const reply = await withTimeout(this.readReply(), this.timeoutMs, `waiting for the SMTP server (${what})`);
    if (!codes.includes(reply.code)) throw new SmtpError(`${what} refused: ${reply.code} ${reply.lines.join(" ")}`.trim(), reply.code);
    return reply;
  }

  private async readLine(): Promise<string> {
    for (;;) {
      const end = this.buffer.indexOf("\n");
      if (end >= 0) {
        const line = this.buffer.slice(0, end).replace(/\r$/, "");
        this.buffer = this.buffer.slice(end + 1);
        return line;
      }
      const { value, done } = await this.reader.read();
      if (done) throw new SmtpError("The SMTP server closed the connection.");
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  private async readReply(): Promise<Reply> {
    const lines: string[] = [];
    for (;;) {
      const line = await this.readLine();
      const match = /^(\d{3})([ -]?)(.*)$/.exec(line);
      if (!match) throw new SmtpError(`Unexpected reply from the SMTP server: ${line.slice(0, 200)}`);
      lines.push(match[3]);
      if (match[2] !== "-") return { code: Number(match[1]), lines };
    }
  }

  async close() {
    try {
      this.reader.releaseLock();
      this.writer.releaseLock();
    } catch {
      // already released
    }
    await this.socket.close().catch(() => undefined);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SmtpError(`Timed out ${what}.`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Doubles a leading dot on any line (RFC 5321 4.5.2) and ends the data with CRLF.CRLF. */
function dotStuff(data: string): string {
  return `${data.replace(/\r?\n/g, "\r\n").replace(/^\./gm, "..")}\r\n.\r\n`;
}

export interface SendOptions {
  timeoutMs?: number;
  /** Only for the loopback test server in development and tests (allowsLoopbackSmtp). */
  allowLoopbackPlaintext?: boolean;
}

function envelopeAddress(mailbox: string): string {
  const address = addressOf(mailbox);
  if (hasControlCharacters(address) || /[<>\s]/.test(address) || !address.includes("@")) throw new SmtpError("Not a valid envelope address.");
  return address;
}

export async function sendSmtp(settings: SmtpSettings, to: string, data: string, options: SendOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const plaintextAllowed = Boolean(options.allowLoopbackPlaintext) && isLoopbackHost(settings.host);
  const from = envelopeAddress(settings.sender);
  const recipient = envelopeAddress(to);
  const socket = connect(
    { hostname: settings.host, port: settings.port },
    { secureTransport: settings.secure ? "on" : "starttls", allowHalfOpen: false },
  );
  const conn = new Connection(socket, timeoutMs);
  try {
    await withTimeout(socket.opened, timeoutMs, "connecting to the SMTP server");
    await conn.expect([220], "greeting");
    let ehlo = await conn.command("EHLO availability.local", [250], "EHLO");
    let encrypted = settings.secure;
    if (!encrypted && ehlo.lines.some((line) => /^STARTTLS\b/i.test(line))) {
      await conn.command("STARTTLS", [220]);
      await conn.upgrade(settings.host);
      encrypted = true;
      ehlo = await conn.command("EHLO availability.local", [250], "EHLO");
    }
    if (!encrypted && !plaintextAllowed)
      throw new SmtpError("The SMTP server offers no encryption (STARTTLS); nothing is sent over a plain connection.");
    if (settings.user) {
      const auth = ehlo.lines.find((line) => /^AUTH\b/i.test(line))?.toUpperCase() ?? "";
      if (/\bPLAIN\b/.test(auth) || !/\bLOGIN\b/.test(auth)) {
        await conn.command(`AUTH PLAIN ${utf8Base64(`\0${settings.user}\0${settings.password ?? ""}`)}`, [235], "AUTH");
      } else {
        await conn.command("AUTH LOGIN", [334], "AUTH");
        await conn.command(utf8Base64(settings.user), [334], "AUTH");
        await conn.command(utf8Base64(settings.password ?? ""), [235], "AUTH");
      }
    }
    await conn.command(`MAIL FROM:<${from}>`, [250], "MAIL FROM");
    await conn.command(`RCPT TO:<${recipient}>`, [250, 251], "RCPT TO");
    await conn.command("DATA", [354]);
    await conn.write(dotStuff(data));
    await conn.expect([250], "message");
    await conn.command("QUIT", [221]).catch(() => undefined);
  } finally {
    await conn.close();
  }
}
