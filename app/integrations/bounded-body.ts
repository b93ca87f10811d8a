/**
 * Outside systems' answers are read with a cap (issue 26, item 12): a CV service, 3E, Graph or
 * APNs that answers with an endless or huge body cannot hold a Worker's memory or CPU. The cap is
 * checked against Content-Length first and then counted while the body streams in, so a body
 * without a length (or with a false one) stops at the cap too.
 */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  /** The cap as people read it: "4 MiB", "64 KiB". */
  readonly limit: string;
  constructor(readonly maxBytes: number) {
    const limit = maxBytes >= 1024 * 1024 ? `${+(maxBytes / 1024 / 1024).toFixed(1)} MiB` : `${+(maxBytes / 1024).toFixed(1)} KiB`;
    super(`The answer is larger than ${limit}.`);
    this.name = "BodyTooLargeError";
    this.limit = limit;
  }
}

/** OUTBOUND_MAX_BODY_BYTES when the installation sets it (a whole number of bytes), else 4 MiB. */
export function maxBodyBytes(env: { OUTBOUND_MAX_BODY_BYTES?: string } | undefined): number {
  const configured = Number(env?.OUTBOUND_MAX_BODY_BYTES);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_MAX_BODY_BYTES;
}

export async function readBytes(response: Response, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(response.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(maxBytes);
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

export async function readText(response: Response, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<string> {
  return new TextDecoder().decode(await readBytes(response, maxBytes));
}

/** The body as JSON; `undefined` when it is not JSON (the caller says what that means for it). */
export async function readJson(response: Response, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const text = await readText(response, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
