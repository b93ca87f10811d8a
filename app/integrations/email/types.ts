/** What the product sends: one recipient, a subject, a text body and optionally HTML. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** An SMTP server to hand mail to. `secure` is TLS from the first byte (port 465); otherwise STARTTLS when offered. */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string | null;
  password?: string | null;
  /** The From of every message: "Name <address>" or an address. */
  sender: string;
}

/** Where a company's mail goes: its own server, the installation's, or nowhere yet (outbox only). */
export type MailRoute = { kind: "company"; smtp: SmtpSettings } | { kind: "installation"; smtp: SmtpSettings; provider: string } | { kind: "none" };
