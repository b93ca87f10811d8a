import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { canAdministerUser, type Membership, type RoleFlags } from "~/auth/permissions";
import { Modal } from "~/components/dialog";
import { useToast } from "~/components/toast";
import { ConfirmForm } from "~/components/confirm-form";
import type { TeamChoices } from "~/components/select-field";
import { TeamForm, UserEditForm, type EditableUser, type TeamUser } from "./user-dialogs";
import { StepUpField, StepUpProvider } from "~/components/step-up-field";
import { RowMenuButton } from "./row-menu-button";
import type { RowMenuProps } from "./row-menu-parts";
import type { StepUp } from "~/domain/identity/step-up";
import { useT } from "~/lib/i18n/i18n";

/** A person as the users pages hold them: table fields, permissions and team with ids. */
export type AdminUser = EditableUser & TeamUser & { erased?: boolean };

export type Me = RoleFlags & Membership & { id: string };

type DialogState = { kind: "edit" | "team" | "delete" | "clearFactors" | "erase"; user: AdminUser } | null;

export function canChange(me: Me, user: AdminUser): boolean {
  return (
    user._id !== me.id &&
    canAdministerUser(me, {
      id: user._id,
      ...user,
      groupId: user.group?._id ?? null,
      officeId: user.office?._id ?? null,
      secondaryGroupId: user.secondaryGroup?._id ?? null,
      secondaryOfficeId: user.secondaryOffice?._id ?? null,
    })
  );
}

/** The row's '…' menu and the dialogs it opens: edit, team change, admin rights, delete. */
export function useUserDialogs({
  choices,
  features,
  stepUp,
}: {
  choices: TeamChoices;
  features: { utilizationView: boolean; detailedViewHours: boolean };
  stepUp: StepUp;
}) {
  const t = useT();
  const [dialog, setDialog] = useState<DialogState>(null);
  const close = useCallback(() => setDialog(null), []);
  const titles = {
    edit: t("users.dialog.edit"),
    team: t("users.dialog.team"),
    delete: t("users.dialog.delete"),
    clearFactors: t("users.dialog.clearFactors"),
    erase: t("users.dialog.erase"),
  };
  const modal = (
    <StepUpProvider value={stepUp}>
      <Modal
        open={dialog !== null}
        onClose={close}
        title={dialog ? titles[dialog.kind] : ""}
        description={dialog ? dialog.user.name || dialog.user.email : undefined}
      >
        {dialog?.kind === "edit" ? <UserEditForm user={dialog.user} features={features} onClose={close} /> : null}
        {dialog?.kind === "team" ? <TeamForm user={dialog.user} choices={choices} onClose={close} /> : null}
        {dialog?.kind === "delete" ? (
          <ConfirmForm
            intent="delete"
            id={dialog.user._id}
            onClose={close}
            confirmation={t("users.delete.done", { name: dialog.user.name || dialog.user.email })}
          >
            <p>
              {t("users.delete.before")} <strong className="font-semibold text-slate-900">{dialog.user.name || dialog.user.email}</strong>
              {t("users.delete.after")}
            </p>
          </ConfirmForm>
        ) : null}
        {dialog?.kind === "clearFactors" ? (
          <ConfirmForm
            intent="clearSecondFactors"
            id={dialog.user._id}
            onClose={close}
            confirmLabel={t("users.clear.confirm")}
            busyLabel={t("users.clear.busy")}
            confirmation={t("users.clear.done", { name: dialog.user.name || dialog.user.email })}
          >
            <p>
              {t("users.clear.before")} <strong className="font-semibold text-slate-900">{dialog.user.name || dialog.user.email}</strong>
              {t("users.clear.after")}
            </p>
          </ConfirmForm>
        ) : null}
        {dialog?.kind === "erase" ? (
          <ConfirmForm
            intent="erase"
            id={dialog.user._id}
            onClose={close}
            confirmLabel={t("users.erase.confirm")}
            busyLabel={t("users.erase.busy")}
            confirmation={t("users.erase.done")}
            fields={(errors) => <StepUpField id="erase-current-password" errors={errors?.currentPassword} />}
          >
            <p>
              {t("users.erase.before")} <strong className="font-semibold text-slate-900">{dialog.user.name || dialog.user.email}</strong>
              {t("users.erase.after")}
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>{t("users.erase.item1")}</li>
              <li>{t("users.erase.item2")}</li>
              <li>{t("users.erase.item3")}</li>
              <li>{t("users.erase.item4")}</li>
            </ul>
          </ConfirmForm>
        ) : null}
      </Modal>
    </StepUpProvider>
  );
  return { open: setDialog, modal };
}

export function UserRowMenu({
  user,
  open,
  canErase = false,
}: {
  user: AdminUser;
  open: (state: NonNullable<DialogState>) => void;
  /** A company admin's menu (decision 0300): 'Erase personal data'. */
  canErase?: boolean;
}) {
  const t = useT();
  const fetcher = useFetcher<{ status?: string }>();
  const label = user.name || user.email;
  const isAdmin = user.administratorPriviliges;
  const show = useToast();
  const granted = useRef<boolean | null>(null);
  if (fetcher.formData) granted.current = fetcher.formData.get("administratorPriviliges") === "true";
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (reply?.status === "success" && granted.current !== null)
      show(granted.current ? t("users.menu.nowAdmin", { name: label }) : t("users.menu.adminRemoved", { name: label }));
  }, [reply, label, show, t]);
  const items: RowMenuProps["items"] = [
    { key: "edit", label: t("common.edit"), onClick: () => open({ kind: "edit", user }) },
    { key: "team", label: t("users.dialog.team"), onClick: () => open({ kind: "team", user }) },
  ];
  if (!user.companyAdmin)
    items.push({
      key: "admin",
      label: isAdmin ? t("users.menu.removeAdmin") : t("users.menu.makeAdmin"),
      onClick: () =>
        fetcher.submit({ intent: "setAdmin", id: user._id, admin: "false", administratorPriviliges: String(!isAdmin) }, { method: "post" }),
    });
  if (user.completed) items.push({ key: "clearFactors", label: t("users.dialog.clearFactors"), onClick: () => open({ kind: "clearFactors", user }) });
  if (canErase) items.push({ key: "erase", label: t("users.dialog.erase"), onClick: () => open({ kind: "erase", user }), danger: true });
  items.push({ key: "delete", label: t("common.delete"), onClick: () => open({ kind: "delete", user }), danger: true });
  return <RowMenuButton label={t("users.menu.actionsFor", { name: label })} title={t("users.menu.actions")} items={items} />;
}

export { roleKey, useRoleLabel } from "./role-label";

/** 'Company admin', 'Admin' or 'Observer' as a small badge; nothing for employees. */
export function RoleBadge({ label }: { label: string }) {
  if (!label) return null;
  return (
    <span className="inline-flex rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-brand-800 ring-1 ring-brand-200">
      {label}
    </span>
  );
}
