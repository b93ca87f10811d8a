import { FIRM_HELD_HEADER, FIRM_HELD_RETRY_SECONDS } from "./firm-held";

/** How long the web app keeps sending a held write again before it shows the answer as it is. */
export const FIRM_HELD_RETRY_FOR_MS = 60_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The browser's fetch, sending a same-origin write again while the server answers that the
 * firm's writes are held for a move's switch (503 + X-Firm-Held, decision 0314). Remix's form
 * submissions and fetchers go through `window.fetch`, so they stay "submitting" and the form
 * keeps what was typed; the request is copied before the first send, so its body goes again.
 */
export function withFirmHeldRetry(send: typeof fetch, origin: string, sleep: (ms: number) => Promise<void> = wait): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.method === "GET" || request.method === "HEAD" || new URL(request.url).origin !== origin) return send(input, init);
    const started = Date.now();
    for (;;) {
      const response = await send(request.clone() as unknown as Parameters<typeof fetch>[0]);
      if (response.status !== 503 || response.headers.get(FIRM_HELD_HEADER) !== "1") return response;
      const after = (Number(response.headers.get("Retry-After")) || FIRM_HELD_RETRY_SECONDS) * 1000;
      if (Date.now() - started + after > FIRM_HELD_RETRY_FOR_MS || request.signal.aborted) return response;
      await response.body?.cancel();
      await sleep(after);
    }
  };
}
