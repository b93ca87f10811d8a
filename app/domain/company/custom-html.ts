/**
 * The company's custom HTML block on the dashboard, with the person's placeholders
 * filled in (values HTML-escaped). It is shown in a sandboxed frame that runs no script,
 * so nothing in it can act in the viewer's session.
 */
export const CUSTOM_HTML_PLACEHOLDERS = ["USER_NAME", "USER_CUSTOM_ID", "USER_AVAILABILITY_ID", "USER_EMAIL", "USER_PHOTO_URL"] as const;

export function customId(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}

export function fillCustomHtml(html: string, user: { id: string; name: string; email: string; photoUrl: string | null }): string {
  const values: Record<(typeof CUSTOM_HTML_PLACEHOLDERS)[number], string> = {
    USER_NAME: user.name,
    USER_CUSTOM_ID: customId(user.name),
    USER_AVAILABILITY_ID: user.id,
    USER_EMAIL: user.email,
    USER_PHOTO_URL: user.photoUrl ?? "",
  };
  return html.replace(/USER_(NAME|CUSTOM_ID|AVAILABILITY_ID|EMAIL|PHOTO_URL)/g, (token) => escapeHtml(values[token as keyof typeof values]));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** No script, no forms, no navigation of the page: only markup and styles. */
export const CUSTOM_HTML_CSP = "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; font-src https: data:";
