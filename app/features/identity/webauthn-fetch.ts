/** Posts JSON to one of the passkey routes; answers the JSON, or throws its message. */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const data = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
  if (!response.ok) throw new PasskeyError(data.errors ? (Object.values(data.errors)[0] ?? data.message) : data.message, data.errors);
  return data as T;
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
  return "This browser could not use a passkey. Try again, or sign in with your password.";
}
