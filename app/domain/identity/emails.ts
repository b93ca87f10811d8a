/**
 * The product's e-mails: plain text first, and a simple HTML version of the same, in the
 * recipient's language (their choice, else their firm's: languageOfRecipient; decision 0306).
 */
import { translate } from "~/lib/i18n/catalogs.server";
import type { MessageKey, MessageValues } from "~/lib/i18n/i18n";

type Say = (key: MessageKey, values?: MessageValues) => string;
const sayIn =
  (language = "en"): Say =>
  (key, values) =>
    translate(language, key, values);

const greeting = (t: Say, name: string) => (name ? t("mail.greetingNamed", { name }) : t("mail.greeting"));

/** A date in a mail: English as it always read ("06 Dec 2026"), another language in its own words, in UTC. */
function mailDay(language: string, date: Date): string {
  if (language === "en") return date.toUTCString().slice(5, 16);
  return new Intl.DateTimeFormat(translate(language, "language.locale"), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    date,
  );
}

/** A moment in a mail, in UTC: English as it always read, another language in its own words. */
function mailMoment(language: string, date: Date): string {
  if (language === "en") return date.toUTCString();
  const when = new Intl.DateTimeFormat(translate(language, "language.locale"), { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(
    date,
  );
  return `${when} UTC`;
}

/** How long a wait is ("30 seconds", "15 minutes", "1 hour"), in the reader's words. */
export function waitWords(t: Say, seconds: number): string {
  if (seconds < 90) return t("mail.wait.seconds", { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return t("mail.wait.minutes", { count: minutes });
  return t("mail.wait.hours", { count: Math.ceil(minutes / 60) });
}
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function html(paragraphs: string[], link: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">${body}<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="color:#64748b;font-size:13px;overflow-wrap:anywhere">${escapeHtml(link.href)}</p></body></html>`;
}

export function inviteEmail(input: {
  appName: string;
  companyName: string;
  inviterName: string;
  name: string;
  link: string;
  expiresAt: Date;
  language?: string;
}) {
  const language = input.language ?? "en";
  const t = sayIn(language);
  const names = { app: input.appName, company: input.companyName };
  const lines = [
    greeting(t, input.name),
    t("mail.invite.body", { ...names, inviter: input.inviterName }),
    t("mail.invite.expires", { date: mailDay(language, input.expiresAt) }),
  ];
  return {
    subject: t("mail.invite.subject", names),
    text: `${lines.join("\n\n")}\n\n${input.link}\n`,
    html: html(lines, { href: input.link, label: t("mail.invite.button") }),
  };
}

/** The account's soft sign-in limit was reached (decision 0270): a delay, not a lockout. */
export function failedSignInsEmail(input: { appName: string; name: string; failures: number; waitSeconds: number; link: string; language?: string }) {
  const t = sayIn(input.language);
  const lines = [
    greeting(t, input.name),
    t("mail.failedSignIns.attempts", { app: input.appName, failures: input.failures }),
    t("mail.failedSignIns.wait", { wait: waitWords(t, input.waitSeconds) }),
    t("mail.failedSignIns.notYours"),
  ];
  return {
    subject: t("mail.failedSignIns.subject", { app: input.appName }),
    text: `${lines.join("\n\n")}\n\n${input.link}\n`,
    html: html(lines, { href: input.link, label: t("mail.signIn") }),
  };
}

export function resetEmail(input: { appName: string; name: string; link: string; minutes: number; language?: string }) {
  const t = sayIn(input.language);
  const lines = [greeting(t, input.name), t("mail.reset.body", { app: input.appName, minutes: input.minutes }), t("mail.reset.notYou")];
  return {
    subject: t("mail.reset.subject", { app: input.appName }),
    text: `${lines.join("\n\n")}\n\n${input.link}\n`,
    html: html(lines, { href: input.link, label: t("mail.reset.button") }),
  };
}

/** To the new address: `by` names the administrator when it was not the person who asked. */
export function emailChangeEmail(input: {
  appName: string;
  name: string;
  newEmail: string;
  link: string;
  hours: number;
  by?: { name: string; company: string };
  language?: string;
}) {
  const t = sayIn(input.language);
  const ask = input.by
    ? t("mail.emailChange.askedByAdmin", { admin: input.by.name, company: input.by.company, app: input.appName, email: input.newEmail })
    : t("mail.emailChange.askedByYou", { app: input.appName, email: input.newEmail });
  const lines = [
    greeting(t, input.name),
    `${ask} ${t("mail.emailChange.confirm", { hours: input.hours })}`,
    input.by ? t("mail.emailChange.untilConfirmedByAdmin") : t("mail.emailChange.untilConfirmed"),
  ];
  return {
    subject: t("mail.emailChange.subject", { app: input.appName }),
    text: `${lines.join("\n\n")}\n\n${input.link}\n`,
    html: html(lines, { href: input.link, label: t("mail.emailChange.button") }),
  };
}

/** To the current address when an administrator asks to change it: nothing changes until the new address confirms. */
export function emailChangeRequestedNotice(input: {
  appName: string;
  name: string;
  oldEmail: string;
  newEmail: string;
  by: { name: string; company: string };
  when: Date;
  language?: string;
}) {
  const language = input.language ?? "en";
  const t = sayIn(language);
  const lines = [
    greeting(t, input.name),
    t("mail.emailChangeRequested.body", {
      admin: input.by.name,
      company: input.by.company,
      when: mailMoment(language, input.when),
      app: input.appName,
      oldEmail: input.oldEmail,
      newEmail: input.newEmail,
    }),
    t("mail.emailChangeRequested.nothingYet"),
  ];
  return { subject: t("mail.emailChangeRequested.subject", { app: input.appName }), text: `${lines.join("\n\n")}\n` };
}

/** To the old address, once the new one is confirmed (no link: nothing to click in a mail that may be a phishing copy). */
export function emailChangedNotice(input: {
  appName: string;
  name: string;
  oldEmail: string;
  newEmail: string;
  when: Date;
  signedOut?: boolean;
  language?: string;
}) {
  const language = input.language ?? "en";
  const t = sayIn(language);
  const lines = [
    greeting(t, input.name),
    t("mail.emailChanged.body", { app: input.appName, oldEmail: input.oldEmail, newEmail: input.newEmail, when: mailMoment(language, input.when) }),
    input.signedOut ? t("mail.emailChanged.signedOut") : t("mail.emailChanged.signInWithNew"),
  ];
  return { subject: t("mail.emailChanged.subject", { app: input.appName }), text: `${lines.join("\n\n")}\n` };
}

/** 'Sign in with SSO' for an address no firm's domain routes: the link goes to the address, not to the screen (issue 26, item 4). */
export function ssoSignInLinkEmail(input: { appName: string; name: string; companyName: string; link: string; language?: string }) {
  const t = sayIn(input.language);
  const names = { app: input.appName, company: input.companyName };
  const lines = [greeting(t, input.name), t("mail.ssoLink.body", names), t("mail.ssoLink.notYou")];
  return {
    subject: t("mail.ssoLink.subject", names),
    text: `${lines.join("\n\n")}\n\n${input.link}\n`,
    html: html(lines, { href: input.link, label: t("mail.ssoLink.button", names) }),
  };
}

/**
 * To a person whose two-step sign-in an administrator cleared (decision 0298): no link, since a
 * mail that may be a phishing copy should not lead anywhere; it says what to do and whom to ask.
 */
export function secondFactorsClearedNotice(input: {
  appName: string;
  name: string;
  adminName: string;
  when: Date;
  cleared: { totp: boolean; passkeys: number };
  language?: string;
}) {
  const language = input.language ?? "en";
  const t = sayIn(language);
  const { totp, passkeys } = input.cleared;
  const what =
    totp && passkeys > 0
      ? t("mail.factorsCleared.appAndPasskeys", { count: passkeys })
      : totp
        ? t("mail.factorsCleared.app")
        : passkeys > 0
          ? t("mail.factorsCleared.passkeys", { count: passkeys })
          : t("mail.factorsCleared.twoStep");
  const lines = [
    greeting(t, input.name),
    t("mail.factorsCleared.body", { admin: input.adminName, app: input.appName, what, when: mailMoment(language, input.when) }),
    t("mail.factorsCleared.passwordAlone"),
    t("mail.factorsCleared.notYou"),
  ];
  return { subject: t("mail.factorsCleared.subject", { app: input.appName }), text: `${lines.join("\n\n")}\n` };
}
