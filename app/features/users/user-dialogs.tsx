import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import clsx from "clsx";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/button";
import { DialogError, FormActions } from "~/components/dialog";
import { DialogButton } from "~/components/list-block";
import { Field } from "~/components/field";
import { useToast } from "~/components/toast";
import { useDialogForm } from "~/components/use-dialog-form";
import { isValidEmail, normalizeEmail, splitList } from "~/lib/email-address";
import { userCreationSchema } from "~/domain/identity/invite.schema";
import { moveUserSchema, userEditFormSchema } from "~/domain/users/admin-users.schema";
import { REQUIRED } from "~/domain/schema-kit";
import { officesOf, SelectField, type TeamChoices } from "~/components/select-field";
import type { TableUser } from "./user-table";
import { useT } from "~/lib/i18n/i18n";

/**
 * The dialogs of the users pages. Each posts to its page's action with an `intent` through
 * its own fetcher, closes when the action answers success, and otherwise shows the field
 * errors and the server's message and stays open.
 */
type Reply = SubmissionResult<string[]>;

/** The pipeline's reply (FormReply): a refused invite carries the e-mails that exist already as `data`. */
type InviteMultipleReply = Reply & { message?: string; data?: string[] };

export interface Team {
  groupId: string;
  officeId: string;
}

function Checkbox({
  name,
  label,
  defaultChecked,
  checked,
  onChange,
  disabled,
  hint,
}: {
  name: string;
  label: string;
  defaultChecked?: boolean;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <label className={clsx("flex items-start gap-3 text-sm", disabled ? "text-slate-400" : "text-slate-800")}>
      <input
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        checked={checked}
        disabled={disabled}
        onChange={onChange ? (event) => onChange(event.target.checked) : undefined}
        className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
      />
      <span>
        {label}
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </span>
    </label>
  );
}

/**
 * The group-and-office selector: two dropdowns, the offices limited to the chosen group.
 * Unless empty values are allowed, the first group and office are chosen from the start.
 */
export function TeamSelect({
  choices,
  initial,
  allowEmpty,
  names = { group: "group", office: "office" },
  labels,
  errors = {},
  idPrefix,
}: {
  choices: TeamChoices;
  initial?: Partial<Team> | null;
  allowEmpty?: boolean;
  names?: { group: string; office: string };
  labels?: { group: string; office: string };
  errors?: { group?: string[]; office?: string[] };
  idPrefix: string;
}) {
  const t = useT();
  const firstGroup = choices.groups.find((group) => officesOf(choices, group._id).length > 0) ?? choices.groups[0];
  const startGroup = initial?.groupId ?? (allowEmpty ? "" : (firstGroup?._id ?? ""));
  const [groupId, setGroupId] = useState(startGroup);
  const [officeId, setOfficeId] = useState(initial?.officeId ?? (allowEmpty || !startGroup ? "" : (officesOf(choices, startGroup)[0]?._id ?? "")));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        id={`${idPrefix}-${names.group}`}
        name={names.group}
        label={labels?.group ?? t("users.group")}
        value={groupId}
        placeholder={allowEmpty ? t("users.team.noGroup") : undefined}
        onChange={(event) => {
          setGroupId(event.target.value);
          setOfficeId(allowEmpty && !event.target.value ? "" : (officesOf(choices, event.target.value)[0]?._id ?? ""));
        }}
        options={choices.groups.map((group) => ({ value: group._id, label: group.name }))}
        errors={errors.group}
      />
      <SelectField
        id={`${idPrefix}-${names.office}`}
        name={names.office}
        label={labels?.office ?? t("users.office")}
        value={officeId}
        placeholder={allowEmpty ? t("users.team.noOffice") : undefined}
        onChange={(event) => setOfficeId(event.target.value)}
        options={officesOf(choices, groupId).map((office) => ({ value: office._id, label: office.name }))}
        errors={errors.office}
      />
    </div>
  );
}

/** Invite one person: an employee, an administrator (admin), or, for company admins, a company administrator. */
export function InviteForm({
  choices,
  defaultTeam,
  canInviteCompanyAdmin,
  onClose,
  action,
}: {
  choices: TeamChoices;
  defaultTeam: Team | null;
  canInviteCompanyAdmin: boolean;
  onClose: () => void;
  /** Where the form posts when not to its own page's action (the company page posts to /users/all). */
  action?: string;
}) {
  const t = useT();
  const invitee = useRef("");
  const { fetcher, form, fields, busy } = useDialogForm("invite", userCreationSchema, undefined, onClose, () =>
    t("users.invite.sentTo", { name: invitee.current }),
  );
  if (fetcher.formData) invitee.current = String(fetcher.formData.get("name") || fetcher.formData.get("email") || "");
  const [companyAdmin, setCompanyAdmin] = useState(false);
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="invite" />
      <Field label={t("users.invite.name")} data-autofocus autoComplete="off" {...inputProps(fields.name, { type: "text" })} />
      <Field label={t("users.invite.email")} autoComplete="off" {...inputProps(fields.email, { type: "email" })} />
      <Field label={t("users.invite.titleOptional")} autoComplete="off" {...inputProps(fields.title, { type: "text" })} />
      <Checkbox name="admin" label={t("users.invite.administrator")} hint={t("users.invite.administratorHint")} />
      {canInviteCompanyAdmin ? (
        <Checkbox
          name="companyAdmin"
          label={t("users.invite.companyAdmin")}
          hint={t("users.invite.companyAdminHint")}
          checked={companyAdmin}
          onChange={setCompanyAdmin}
        />
      ) : null}
      {companyAdmin ? null : (
        <TeamSelect idPrefix="invite" choices={choices} initial={defaultTeam} errors={{ group: fields.group.errors, office: fields.office.errors }} />
      )}
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label={t("users.invite.send")} busyLabel={t("users.invite.inviting")} />
    </fetcher.Form>
  );
}

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

export interface EditableUser extends TableUser {
  utilizationViewOthersPriviliges: boolean;
  detailedViewPriviliges: boolean;
  detailedViewHoursPriviliges: boolean;
}

/**
 * Edit a person: name, e-mail, title (employees only), the Observer flag, and the report
 * permissions the company's switches allow. Detailed View Hours needs Detailed View.
 */
export function UserEditForm({
  user,
  features,
  onClose,
}: {
  user: EditableUser;
  features: { utilizationView: boolean; detailedViewHours: boolean };
  onClose: () => void;
}) {
  const t = useT();
  const isEmployee = !user.companyAdmin && !user.admin && !user.administratorPriviliges;
  // A new address waits for the person to confirm it (issue 26, item 6): the toast says so.
  const sentTo = useRef(user.email);
  const { fetcher, form, fields, busy } = useDialogForm(
    `edit-${user._id}`,
    userEditFormSchema,
    { name: user.name, email: user.email, title: user.title },
    onClose,
    () =>
      sentTo.current.trim().toLowerCase() === user.email
        ? t("users.edit.saved")
        : user.completed
          ? t("users.edit.savedConfirm", { email: sentTo.current.trim(), name: user.name || user.email, current: user.email })
          : t("users.edit.savedResend"),
  );
  const [detailed, setDetailed] = useState(user.detailedViewPriviliges);
  const [hours, setHours] = useState(user.detailedViewHoursPriviliges && user.detailedViewPriviliges);
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmitCapture={(event) => {
        sentTo.current = String(new FormData(event.currentTarget).get("email") ?? user.email);
      }}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={user._id} />
      <Field label={t("users.invite.name")} data-autofocus autoComplete="off" {...inputProps(fields.name, { type: "text" })} />
      <Field label={t("users.invite.email")} autoComplete="off" {...inputProps(fields.email, { type: "email" })} />
      {isEmployee ? <Field label={t("users.edit.title")} autoComplete="off" {...inputProps(fields.title, { type: "text" })} /> : null}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700">{t("users.edit.permissions")}</legend>
        <Checkbox name="admin" label={t("users.edit.observer")} hint={t("users.edit.observerHint")} defaultChecked={user.admin} />
        {features.utilizationView ? (
          <>
            <Checkbox
              name="detailedViewPriviliges"
              label={t("users.edit.detailedView")}
              checked={detailed}
              onChange={(value) => {
                setDetailed(value);
                if (!value) setHours(false);
              }}
            />
            {features.detailedViewHours ? (
              <Checkbox
                name="detailedViewHoursPriviliges"
                label={t("users.edit.detailedViewHours")}
                checked={hours}
                onChange={setHours}
                disabled={!detailed}
                hint={detailed ? undefined : t("users.edit.needsDetailedView")}
              />
            ) : null}
            <Checkbox
              name="utilizationViewOthersPriviliges"
              label={t("users.edit.utilizationOthers")}
              defaultChecked={user.utilizationViewOthersPriviliges}
            />
          </>
        ) : null}
      </fieldset>
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label={t("common.save")} busyLabel={t("common.saving")} />
    </fetcher.Form>
  );
}

export interface TeamUser extends TableUser {
  group: { _id: string; name: string } | null;
  office: { _id: string; name: string } | null;
  secondaryGroup: { _id: string; name: string } | null;
  secondaryOffice: { _id: string; name: string } | null;
}

/** The user team change: primary and optional secondary group and office, Cancel and Save. */
export function TeamForm({ user, choices, onClose }: { user: TeamUser; choices: TeamChoices; onClose: () => void }) {
  const t = useT();
  const onResult = useToast();
  const fetcher = useFetcher<Reply>();
  const [form, fields] = useForm({
    id: `team-${user._id}`,
    lastResult: fetcher.state === "idle" ? fetcher.data : undefined,
    constraint: getZodConstraint(moveUserSchema),
  });
  const [secondary, setSecondary] = useState(Boolean(user.secondaryGroup));
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!reply) return;
    if (reply.status === "success") {
      onResult(t("users.team.saved"));
      onClose();
    } else if (!reply.error || Object.keys(reply.error).every((key) => key === "")) {
      onResult(t("users.failed"));
    }
  }, [reply, onClose, onResult, t]);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={user._id} />
      <TeamSelect
        idPrefix={`team-${user._id}`}
        choices={choices}
        allowEmpty={user.companyAdmin}
        initial={user.group && user.office ? { groupId: user.group._id, officeId: user.office._id } : null}
        errors={{ group: fields.group.errors, office: fields.office.errors }}
      />
      <Checkbox name="secondaryEnabled" label={t("users.team.secondary")} checked={secondary} onChange={setSecondary} />
      {secondary ? (
        <TeamSelect
          idPrefix={`team-${user._id}`}
          choices={choices}
          names={{ group: "secondaryGroup", office: "secondaryOffice" }}
          labels={{ group: t("users.team.secondaryGroup"), office: t("users.team.secondaryOffice") }}
          initial={user.secondaryGroup && user.secondaryOffice ? { groupId: user.secondaryGroup._id, officeId: user.secondaryOffice._id } : null}
          errors={{ group: fields.secondaryGroup.errors, office: fields.secondaryOffice.errors }}
        />
      ) : null}
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label={t("common.save")} busyLabel={t("common.saving")} />
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
