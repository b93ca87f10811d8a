/** 24 lowercase hex digits: random, URL-safe and shaped like the ids clients expect. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A long random secret for links and tokens (base64url, 32 bytes). */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replaceAll("=", "");
}

export function isId(value: unknown): value is string {
  return typeof value === "string" && /^[0-9a-f]{24}$/.test(value);
}
