import type { LoadContext } from "~/env";
import type { MailContext } from "~/integrations/email/outbox.server";

/** What a domain function needs to mail someone a link: the outbox and the app's address. */
export interface Mailer {
  mail: MailContext;
  /** Links in e-mails start here: APP_URL when set, otherwise the address the request came to. */
  appUrl: string;
  appName: string;
}

export function mailerFor(context: LoadContext, request: Request): Mailer {
  const env = context.env as LoadContext["env"] & { APP_URL?: string };
  return {
    mail: context,
    appUrl: (env.APP_URL || new URL(request.url).origin).replace(/\/$/, ""),
    appName: env.APP_NAME || "Availability",
  };
}
