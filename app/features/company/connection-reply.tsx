import { Alert } from "~/components/alert";

/** What a connection dialog's fetchers (SMTP, CV service) answer: conform's reply, or a plain message. */
export interface ConnectionReply {
  status?: "success" | "error";
  message?: string;
  error?: Record<string, string[] | null> | null;
}

/**
 * What a connection dialog says after a save, a test or an import: the answer's message (or
 * the first error of `errorFields`, the form-level one by default: field errors show at
 * their fields), green when it went through and red when not. `success` replaces the
 * answer's own text on success; `false` says nothing then. Announced at once (role alert),
 * like every answer in these dialogs.
 */
export function ConnectionReplyMessage({
  reply,
  success,
  errorFields = [""],
}: {
  reply: ConnectionReply | undefined;
  success?: string | false;
  errorFields?: string[];
}) {
  if (!reply) return null;
  const failed = reply.status === "error";
  const firstError = errorFields.map((field) => reply.error?.[field]?.[0]).find(Boolean);
  const message = failed ? (reply.message ?? firstError) : success === false ? null : (success ?? reply.message);
  return <Alert role="alert" tone={failed ? "error" : "success"} message={message} />;
}
