import { hasControlCharacters } from "./smtp-policy";
import type { EmailMessage } from "./types";

/**
 * An RFC 5322 message with a plain-text part and, when there is one, an HTML part
 * (multipart/alternative). Bodies are UTF-8 in base64 (lines of 76), so no body line can
 * start with a dot or run past SMTP's line limit; non-ASCII headers are encoded words.
 */
export function buildMime(message: EmailMessage & { from: string }, now = new Date()): string {
  // Addresses are never cleaned up silently: a line break in one would start a new header.
  if (hasControlCharacters(message.from) || hasControlCharacters(message.to)) throw new Error("An address holds a line break or control character.");
  const boundary = `=_alt_${randomHex(12)}`;
  const domain = addressOf(message.from).split("@")[1] || "localhost";
  const headers = [
    `From: ${encodeAddress(message.from)}`,
    `To: ${encodeAddress(message.to)}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${now.toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <${randomHex(16)}@${domain}>`,
    "MIME-Version: 1.0",
  ];
  const textPart = ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64", "", base64Lines(message.text)];
  if (!message.html) return [...headers, ...textPart].join("\r\n");
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    ...textPart,
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(message.html),
    `--${boundary}--`,
  ].join("\r\n");
}

/** "Name <a@b>" or "a@b" → the bare address. */
export function addressOf(mailbox: string): string {
  const match = /<([^>]+)>\s*$/.exec(mailbox);
  return (match ? match[1] : mailbox).trim();
}

function encodeAddress(mailbox: string): string {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailbox);
  if (!match || !match[1]) return addressOf(mailbox);
  const name = match[1].trim();
  const display = /^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/["\\]/g, "\\$&")}"` : encodeHeader(name);
  return `${display} <${match[2].trim()}>`;
}

export function encodeHeader(text: string): string {
  const clean = text.replace(/[\r\n]+/g, " ");
  if (/^[\x20-\x7e]*$/.test(clean)) return clean;
  return `=?UTF-8?B?${toBase64(new TextEncoder().encode(clean))}?=`;
}

function base64Lines(text: string): string {
  const encoded = toBase64(new TextEncoder().encode(text.replace(/\r?\n/g, "\r\n")));
  return encoded.replace(/.{1,76}/g, "$&\r\n").trimEnd();
}

export function utf8Base64(text: string): string {
  return toBase64(new TextEncoder().encode(text));
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}
