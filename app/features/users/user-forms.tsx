import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { formConstraint } from "~/components/form-constraint";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { DialogError, FormActions } from "~/components/dialog";
import { Field } from "~/components/field";
import { useToast } from "~/components/toast";
import { useDialogForm } from "~/components/use-dialog-form";
import { userCreationSchema } from "~/domain/identity/invite.schema";
import { moveUserSchema, userEditFormSchema } from "~/domain/users/admin-users.schema";
import type { TeamChoices } from "~/components/select-field";
import { Checkbox, TeamSelect, type EditableUser, type Team, type TeamUser } from "./team-fields";
import { useT } from "~/lib/i18n/i18n";

/**
 * The users dialogs' forms that validate with a schema (zod and conform): loaded when their
 * dialog first opens or the page is idle, through the lazy wrappers in user-dialogs.tsx
 * (decision 0292). Each posts to its page's action with an `intent` through its own fetcher,
 * closes when the action answers success, and otherwise shows the field errors and the
 * server's message and stays open.
 */
type Reply = SubmissionResult<string[]>;

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

/** The user team change: primary and optional secondary group and office, Cancel and Save. */
export function TeamForm({ user, choices, onClose }: { user: TeamUser; choices: TeamChoices; onClose: () => void }) {
  const t = useT();
  const onResult = useToast();
  const fetcher = useFetcher<Reply>();
  const [form, fields] = useForm({
    id: `team-${user._id}`,
    lastResult: fetcher.state === "idle" ? fetcher.data : undefined,
    constraint: formConstraint(moveUserSchema),
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
