import type { Translate } from "~/lib/i18n/i18n";

/**
 * Posts to one of the passkey routes; answers the JSON, or throws its message. They are page
 * routes, and page writes take forms only (web/request-guard.ts answers anything else with a
 * plain-text 415 before the route runs): the WebAuthn JSON travels in the form's `payload`.
 */
export async function postPasskeyForm<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    body: new URLSearchParams({ payload: JSON.stringify(body) }),
    credentials: "same-origin",
  });
  const text = await response.text();
  const data = parseJson(text);
  if (!response.ok) {
    const message = data ? (data.errors ? (Object.values(data.errors)[0] ?? data.message) : data.message) : text.trim().slice(0, 300) || undefined;
    throw new PasskeyError(message, data?.errors);
  }
  return (data ?? {}) as T;
}

function parseJson(text: string): { message?: string; errors?: Record<string, string> } | null {
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === "object" ? (data as { message?: string; errors?: Record<string, string> }) : null;
  } catch {
    return null;
  }
}

export class PasskeyError extends Error {
  constructor(
    /** The server's words; empty when it gave none (passkeyMessage then says something went wrong). */
    message = "",
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** What a refused or cancelled WebAuthn call means to the person. */
export function passkeyMessage(error: unknown, t: Translate): string {
  if (error instanceof PasskeyError) return error.message || t("passkeys.failed");
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) {
    return t("passkeys.cancelled");
  }
  if (error instanceof Error && error.name === "SecurityError") {
    return t("passkeys.needsName");
  }
  return t("passkeys.browserFailed");
}
