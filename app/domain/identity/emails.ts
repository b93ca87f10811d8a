/** The product's e-mails: plain text first, and a simple HTML version of the same. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function html(paragraphs: string[], link: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">${body}<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="color:#64748b;font-size:13px">${escapeHtml(link.href)}</p></body></html>`;
}

export function inviteEmail(input: { appName: string; companyName: string; inviterName: string; name: string; link: string; expiresAt: Date }) {
  const greeting = input.name ? `Hi ${input.name},` : "Hi,";
  const expires = input.expiresAt.toUTCString().slice(5, 16);
  const lines = [
    greeting,
    `${input.inviterName} has invited you to ${input.companyName} on ${input.appName}, where colleagues share how busy they are and when they are available.`,
    `Create your account with the link below. It works once and until ${expires}.`,
  ];
  return {
    subject: `You are invited to ${input.companyName} on ${input.appName}`,
    text: `${lines.join("\n\n")}\n\n${input.link}\n`,
    html: html(lines, { href: input.link, label: "Create account" }),
  };
}

/** The account's soft sign-in limit was reached (decision 0270): a delay, not a lockout. */
export function failedSignInsEmail(input: { appName: string; name: string; failures: number; wait: string; link: string }) {
  const lines = [
    input.name ? `Hi ${input.name},` : "Hi,",
    `In the last hour someone tried to sign in to your ${input.appName} account with a wrong password ${input.failures} times or more.`,
    `To slow the guessing down, each further attempt now has to wait ${input.wait}. Your account is not locked: you can still sign in with your password.`,
    "If these attempts were not yours, someone may be guessing your password. If it is short or you use it elsewhere too, change it in Settings after you sign in.",
  ];
  return {
    subject: `Failed sign-in attempts on your ${input.appName} account`,
    text: `${lines.join("\n\n")}\n\n${input.link}\n`,
    html: html(lines, { href: input.link, label: "Sign in" }),
  };
}

export function resetEmail(input: { appName: string; name: string; link: string; minutes: number }) {
  const lines = [
    input.name ? `Hi ${input.name},` : "Hi,",
    `Someone asked to reset the password of your ${input.appName} account. If it was you, choose a new password with the link below; it works once and for ${input.minutes} minutes.`,
    "If it was not you, ignore this e-mail: your password stays as it is.",
  ];
  return {
    subject: `Reset your ${input.appName} password`,
    text: `${lines.join("\n\n")}\n\n${input.link}\n`,
    html: html(lines, { href: input.link, label: "Reset password" }),
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
}) {
  const ask = input.by
    ? `${input.by.name}, an administrator of ${input.by.company}, asked that your ${input.appName} account signs in with ${input.newEmail} from now on.`
    : `You asked to sign in to ${input.appName} with ${input.newEmail} from now on.`;
  const lines = [
    input.name ? `Hi ${input.name},` : "Hi,",
    `${ask} Confirm this address with the link below; it works once and for ${input.hours} hours.`,
    input.by
      ? "Until you confirm, your account keeps its current address. When you confirm, you are signed out everywhere and sign in again with this address. If you do not recognise this, ignore this e-mail."
      : "Until you confirm, your account keeps its current address. If you did not ask for this, ignore this e-mail.",
  ];
  return {
    subject: `Confirm your new ${input.appName} e-mail address`,
    text: `${lines.join("\n\n")}\n\n${input.link}\n`,
    html: html(lines, { href: input.link, label: "Confirm new address" }),
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
}) {
  const lines = [
    input.name ? `Hi ${input.name},` : "Hi,",
    `${input.by.name}, an administrator of ${input.by.company}, asked on ${input.when.toUTCString()} to change the e-mail address of your ${input.appName} account from ${input.oldEmail} to ${input.newEmail}.`,
    "Nothing changes until the new address confirms the change. If you did not expect this, contact your administrator at once.",
  ];
  return { subject: `A change of your ${input.appName} e-mail address was requested`, text: `${lines.join("\n\n")}\n` };
}

/** To the old address, once the new one is confirmed (no link: nothing to click in a mail that may be a phishing copy). */
export function emailChangedNotice(input: { appName: string; name: string; oldEmail: string; newEmail: string; when: Date; signedOut?: boolean }) {
  const lines = [
    input.name ? `Hi ${input.name},` : "Hi,",
    `The e-mail address of your ${input.appName} account was changed from ${input.oldEmail} to ${input.newEmail} on ${input.when.toUTCString()}, confirmed from the new address.`,
    input.signedOut
      ? "You have been signed out everywhere: sign in with the new address from now on. Password reset and invite links sent to this address no longer work. If you did not expect this, contact your administrator at once."
      : "Sign in with the new address from now on. Password reset links sent to this address no longer work. If you did not do this, contact your administrator at once.",
  ];
  return { subject: `Your ${input.appName} e-mail address was changed`, text: `${lines.join("\n\n")}\n` };
}

/** 'Sign in with SSO' for an address no firm's domain routes: the link goes to the address, not to the screen (issue 26, item 4). */
export function ssoSignInLinkEmail(input: { appName: string; name: string; companyName: string; link: string }) {
  const lines = [
    input.name ? `Hi ${input.name},` : "Hi,",
    `Someone asked to sign in to ${input.appName} with single sign-on using this address. ${input.companyName} signs in through its identity provider: continue with the link below.`,
    "If it was not you, ignore this e-mail: nothing changes.",
  ];
  return {
    subject: `Sign in to ${input.companyName} on ${input.appName}`,
    text: `${lines.join("\n\n")}\n\n${input.link}\n`,
    html: html(lines, { href: input.link, label: `Sign in to ${input.companyName}` }),
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
}) {
  const what = [
    ...(input.cleared.totp ? ["your authenticator app and its recovery codes"] : []),
    ...(input.cleared.passkeys > 0 ? [input.cleared.passkeys === 1 ? "your passkey" : `your ${input.cleared.passkeys} passkeys`] : []),
  ].join(" and ");
  const lines = [
    input.name ? `Hi ${input.name},` : "Hi,",
    `${input.adminName}, an administrator of your ${input.appName} account, removed ${what || "your two-step sign-in"} on ${input.when.toUTCString()}.`,
    "You now sign in with your password alone. Set up two-step sign-in again under Settings once you are signed in.",
    "If you did not ask for this, contact your administrator at once.",
  ];
  return { subject: `Your ${input.appName} two-step sign-in was removed`, text: `${lines.join("\n\n")}\n` };
}
