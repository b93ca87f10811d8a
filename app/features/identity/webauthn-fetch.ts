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
    message = "Something went wrong. Please try again.",
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** What a refused or cancelled WebAuthn call means to the person. */
export function passkeyMessage(error: unknown): string {
  if (error instanceof PasskeyError) return error.message;
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) {
    return "The passkey request was cancelled or timed out.";
  }
  if (error instanceof Error && error.name === "SecurityError") {
    return "Passkeys need the site's name in the address bar, not an IP address.";
  }
  return "This browser could not use a passkey. Try again, or sign in with your password.";
}
