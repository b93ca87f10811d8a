import type { LoadContext } from "~/env";
import type { MailContext } from "~/integrations/email/outbox.server";
import { appOrigin } from "~/lib/app-origin.server";

/** What a domain function needs to mail someone a link: the outbox and the app's address. */
export interface Mailer {
  mail: MailContext;
  /** Links in e-mails start here: APP_URL when set, otherwise the address the request came to. */
  appUrl: string;
  appName: string;
}

export function mailerFor(context: LoadContext, request: Request): Mailer {
  const env = context.env;
  return {
    mail: context,
    appUrl: appOrigin(env, request),
    appName: env.APP_NAME || "Availability",
  };
}
