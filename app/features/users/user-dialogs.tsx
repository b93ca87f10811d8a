import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import clsx from "clsx";
import { lazy, useEffect, useState } from "react";
import { Button } from "~/components/button";
import { DialogError, FormActions } from "~/components/dialog";
import { DialogButton } from "~/components/list-block";
import { useToast } from "~/components/toast";
import { isValidEmail, normalizeEmail, splitList } from "~/lib/email-address";
import { REQUIRED } from "~/domain/schema-messages";
import type { TeamChoices } from "~/components/select-field";
import { Checkbox, TeamSelect, type EditableUser, type Team, type TeamUser } from "./team-fields";
import { useT } from "~/lib/i18n/i18n";

/**
 * The dialogs of the users pages. Each posts to its page's action with an `intent` through
 * its own fetcher, closes when the action answers success, and otherwise shows the field
 * errors and the server's message and stays open. The forms that validate with a schema
 * (zod, conform) are in user-forms.tsx and load when their dialog first opens (decision 0292);
 * render them inside a Modal, whose Suspense shows "Loading..." meanwhile.
 */
type Reply = SubmissionResult<string[]>;

/** The pipeline's reply (FormReply): a refused invite carries the e-mails that exist already as `data`. */
type InviteMultipleReply = Reply & { message?: string; data?: string[] };

export type { EditableUser, Team, TeamUser };

const forms = () => import("./user-forms");
export const InviteForm = lazy(() => forms().then((m) => ({ default: m.InviteForm })));
export const UserEditForm = lazy(() => forms().then((m) => ({ default: m.UserEditForm })));
export const TeamForm = lazy(() => forms().then((m) => ({ default: m.TeamForm })));

/**
 * Invite several people: Names and Emails split on ';' and matched by position. Each e-mail
 * is listed below the field; invalid ones and ones that exist already are marked red.
 */
export function InviteMultipleForm({ choices, defaultTeam, onClose }: { choices: TeamChoices; defaultTeam: Team | null; onClose: () => void }) {
  const t = useT();
  const fetcher = useFetcher<InviteMultipleReply>();
  const [emails, setEmails] = useState("");
  const [names, setNames] = useState("");
  const [tried, setTried] = useState(false);
  const [secondary, setSecondary] = useState(false);
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const show = useToast();
  useEffect(() => {
    if (reply?.status !== "success") return;
    show(reply.message ?? t("users.invite.sent"));
    onClose();
  }, [reply, onClose, show, t]);
  const list = splitList(emails);
  const nameList = names.split(";").map((name) => name.trim());
  const invalid = new Set(list.filter((email) => !isValidEmail(email)));
  const existing = new Set((reply?.status === "error" && Array.isArray(reply.data) ? reply.data : []).map(normalizeEmail));
  const showInvalid = (tried || list.length > 0) && invalid.size > 0;
  const errorOf = (field: string) => reply?.error?.[field]?.[0];
  const emailsError = tried && list.length === 0 ? REQUIRED : (errorOf("emails") ?? errorOf("names"));
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        setTried(true);
        if (list.length === 0 || invalid.size > 0) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="inviteMultiple" />
      <div>
        <label htmlFor="invite-names" className="block text-sm font-medium text-slate-700">
          {t("users.invite.names")}
        </label>
        <textarea
          id="invite-names"
          name="names"
          rows={2}
          value={names}
          onChange={(event) => setNames(event.target.value)}
          placeholder={t("users.invite.namesPlaceholder")}
          className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none focus:ring-inset sm:text-sm"
        />
        <p className="mt-1 text-xs text-slate-500">{t("users.invite.namesHint")}</p>
      </div>
      <div>
        <label htmlFor="invite-emails" className="block text-sm font-medium text-slate-700">
          {t("users.invite.emails")}
        </label>
        <textarea
          id="invite-emails"
          name="emails"
          rows={3}
          value={emails}
          data-autofocus
          aria-invalid={Boolean(emailsError || showInvalid || existing.size) || undefined}
          aria-describedby="invite-emails-help"
          onChange={(event) => setEmails(event.target.value)}
          placeholder={t("users.invite.emailsPlaceholder")}
          className={clsx(
            "mt-1 block w-full rounded-md border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none focus:ring-inset sm:text-sm",
            emailsError || showInvalid ? "ring-red-400 focus:ring-red-500" : "ring-slate-300 focus:ring-brand-500",
          )}
        />
        <p id="invite-emails-help" className="mt-1 text-xs text-slate-500">
          {t("users.invite.emailsHint")}
        </p>
        {emailsError ? <p className="mt-1 text-sm text-red-600">{emailsError}</p> : null}
      </div>
      {list.length ? (
        <ul aria-label={t("users.invite.list")} className="flex flex-wrap gap-2">
          {list.map((email, index) => {
            const bad = invalid.has(email) || existing.has(normalizeEmail(email));
            return (
              <li
                key={`${email}-${index}`}
                data-invalid={bad || undefined}
                className={clsx(
                  "max-w-full rounded-full px-3 py-1 text-xs break-all ring-1",
                  bad ? "bg-red-50 text-red-700 ring-red-300" : "bg-slate-50 text-slate-700 ring-slate-200",
                )}
              >
                {nameList[index] ? `${nameList[index]} · ` : ""}
                {email}
              </li>
            );
          })}
        </ul>
      ) : null}
      {showInvalid ? (
        <p role="alert" className="text-sm text-red-600">
          {t("users.invite.invalid")}
        </p>
      ) : null}
      {existing.size && !showInvalid ? (
        <p role="alert" className="text-sm text-red-600">
          {t("users.invite.existing")}
        </p>
      ) : null}
      <Checkbox name="admin" label={t("users.invite.asAdministrators")} />
      <TeamSelect
        idPrefix="invite-multiple"
        choices={choices}
        initial={defaultTeam}
        errors={{ group: reply?.error?.group ?? undefined, office: reply?.error?.office ?? undefined }}
      />
      <Checkbox name="secondaryEnabled" label={t("users.invite.alsoSecondary")} checked={secondary} onChange={setSecondary} />
      {secondary ? (
        <TeamSelect
          idPrefix="invite-multiple"
          choices={choices}
          names={{ group: "secondaryGroup", office: "secondaryOffice" }}
          labels={{ group: t("users.team.secondaryGroup"), office: t("users.team.secondaryOffice") }}
          errors={{ group: reply?.error?.secondaryGroup ?? undefined, office: reply?.error?.secondaryOffice ?? undefined }}
        />
      ) : null}
      {/* E-mails marked red say why themselves; otherwise the server's message (addresses of other firms, too many invites). */}
      <DialogError message={existing.size ? undefined : errorOf("")} />
      <FormActions onCancel={onClose} busy={busy} label={t("users.invite.sendMany")} busyLabel={t("users.invite.inviting")} disabled={showInvalid} />
    </fetcher.Form>
  );
}

/** 'Resend invite' for a pending person; the toast says 'Invitation sent to …' once done. */
export function ResendInviteButton({ userId, name }: { userId: string; name: string }) {
  const t = useT();
  const fetcher = useFetcher<Reply>();
  const show = useToast();
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const failed = reply?.status === "error";
  useEffect(() => {
    if (reply?.status === "success") show(t("users.invite.sentTo", { name }));
  }, [reply, name, show, t]);
  return (
    <fetcher.Form method="post" className="inline">
      <input type="hidden" name="intent" value="resendInvite" />
      <input type="hidden" name="id" value={userId} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        aria-label={t("users.invite.resendTo", { name })}
        className="text-xs font-medium text-brand-700 hover:underline disabled:text-slate-400"
      >
        {fetcher.state !== "idle" ? t("users.invite.sending") : t("users.invite.resend")}
      </button>
      {failed ? <span className="ml-2 text-xs text-red-600">{t("users.failed")}</span> : null}
    </fetcher.Form>
  );
}

/** 'Invite' and 'Invite multiple' above a users list, each opening its dialog. */
export function InviteButtons({
  choices,
  defaultTeam,
  canInviteCompanyAdmin,
}: {
  choices: TeamChoices;
  defaultTeam: { groupId: string; officeId: string } | null;
  canInviteCompanyAdmin: boolean;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-2">
      <DialogButton title={t("users.invite.dialogTitle")} button={(open) => <Button onClick={open}>{t("users.invite.button")}</Button>}>
        {(close) => <InviteForm choices={choices} defaultTeam={defaultTeam} canInviteCompanyAdmin={canInviteCompanyAdmin} onClose={close} />}
      </DialogButton>
      <DialogButton
        title={t("users.invite.dialogTitle")}
        button={(open) => (
          <Button variant="secondary" onClick={open}>
            {t("users.invite.multiple")}
          </Button>
        )}
      >
        {(close) => <InviteMultipleForm choices={choices} defaultTeam={defaultTeam} onClose={close} />}
      </DialogButton>
    </div>
  );
}
