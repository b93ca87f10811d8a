import { base64url } from "jose";

/**
 * base64url without padding (RFC 4648 §5), as tokens, signed links, MACs and JWT parts
 * write bytes: jose's, so the app has one implementation (it was written out in nine files).
 */
export function toBase64Url(bytes: Uint8Array | ArrayBuffer): string {
  return base64url.encode(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
}

/** The bytes of base64url text (padding optional); throws on text that is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(base64url.decode(text));
}

/** A value's JSON as base64url: a JWT's header or claims. */
export function jsonBase64Url(value: unknown): string {
  return base64url.encode(JSON.stringify(value));
}

/**
 * Whether a secret or MAC someone gave equals the expected one, in time that depends only on
 * the length (a signed link's signature, a calendar feed's secret).
 */
export function sameSecret(given: string, expected: string): boolean {
  if (given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < given.length; i++) diff |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}
