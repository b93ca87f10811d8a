import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { canAdministerUser, type Membership, type RoleFlags } from "~/auth/permissions";
import { Modal } from "~/components/dialog";
import { PortalInMain } from "~/components/portal-in-main";
import { useToast } from "~/components/toast";
import { ConfirmForm } from "~/components/confirm-form";
import type { TeamChoices } from "~/components/select-field";
import { TeamForm, UserEditForm, type EditableUser, type TeamUser } from "./user-dialogs";
import { StepUpField, StepUpProvider } from "~/components/step-up-field";
import type { StepUp } from "~/domain/identity/step-up";

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
  const [dialog, setDialog] = useState<DialogState>(null);
  const close = useCallback(() => setDialog(null), []);
  const titles = {
    edit: "Edit user",
    team: "Change group and office",
    delete: "Delete user",
    clearFactors: "Clear two-step sign-in",
    erase: "Erase personal data",
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
          <ConfirmForm intent="delete" id={dialog.user._id} onClose={close} confirmation={`Deleted ${dialog.user.name || dialog.user.email}`}>
            <p>
              Delete <strong className="font-semibold text-slate-900">{dialog.user.name || dialog.user.email}</strong>? Their workload, forecasts and
              history are deleted with them. This cannot be undone.
            </p>
          </ConfirmForm>
        ) : null}
        {dialog?.kind === "clearFactors" ? (
          <ConfirmForm
            intent="clearSecondFactors"
            id={dialog.user._id}
            onClose={close}
            confirmLabel="Clear"
            busyLabel="Clearing..."
            confirmation={`Two-step sign-in cleared for ${dialog.user.name || dialog.user.email}`}
          >
            <p>
              Remove the authenticator app, recovery codes and passkeys of{" "}
              <strong className="font-semibold text-slate-900">{dialog.user.name || dialog.user.email}</strong>? They then sign in with their password
              alone until they set up two-step sign-in again, and are told by e-mail.
            </p>
          </ConfirmForm>
        ) : null}
        {dialog?.kind === "erase" ? (
          <ConfirmForm
            intent="erase"
            id={dialog.user._id}
            onClose={close}
            confirmLabel="Erase"
            busyLabel="Erasing..."
            confirmation="Personal data erased"
            fields={(errors) => <StepUpField id="erase-current-password" errors={errors?.currentPassword} />}
          >
            <p>
              Erase <strong className="font-semibold text-slate-900">{dialog.user.name || dialog.user.email}</strong>? This is for someone who has
              left, and it cannot be undone:
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>Their name, e-mail, phone, title, picture, status message and comments are removed, with their competences and CV items.</li>
              <li>They can no longer sign in: password, sessions, two-step sign-in, passkeys and app tokens are removed.</li>
              <li>They leave their projects and the matters they managed.</li>
              <li>
                Their workload, location and hours history stays as anonymous numbers under &lsquo;Erased person&rsquo;, so the firm&rsquo;s
                statistics do not change.
              </li>
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
  const fetcher = useFetcher<{ status?: string }>();
  const label = user.name || user.email;
  const isAdmin = user.administratorPriviliges;
  const show = useToast();
  const granted = useRef<boolean | null>(null);
  if (fetcher.formData) granted.current = fetcher.formData.get("administratorPriviliges") === "true";
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (reply?.status === "success" && granted.current !== null)
      show(granted.current ? `${label} is now an admin` : `Admin privileges removed from ${label}`);
  }, [reply, label, show]);
  return (
    <PortalInMain>
      <Menu>
        <MenuButton
          aria-label={`Actions for ${label}`}
          title="Actions"
          className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 data-open:bg-slate-100"
        >
          <svg viewBox="0 0 24 24" fill="currentColor" className="h-4 w-4" aria-hidden="true">
            <circle cx="5" cy="12" r="1.8" />
            <circle cx="12" cy="12" r="1.8" />
            <circle cx="19" cy="12" r="1.8" />
          </svg>
        </MenuButton>
        {/* Not modal: a modal menu makes the rest of the page inert, heading and landmarks included. */}
        <MenuItems
          anchor="bottom end"
          modal={false}
          className="z-40 w-56 rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none"
        >
          <MenuItem>
            <button
              type="button"
              onClick={() => open({ kind: "edit", user })}
              className="block w-full px-4 py-2 text-left text-slate-800 data-focus:bg-slate-100"
            >
              Edit
            </button>
          </MenuItem>
          <MenuItem>
            <button
              type="button"
              onClick={() => open({ kind: "team", user })}
              className="block w-full px-4 py-2 text-left text-slate-800 data-focus:bg-slate-100"
            >
              Change group and office
            </button>
          </MenuItem>
          {user.companyAdmin ? null : (
            <MenuItem>
              <button
                type="button"
                onClick={() =>
                  fetcher.submit({ intent: "setAdmin", id: user._id, admin: "false", administratorPriviliges: String(!isAdmin) }, { method: "post" })
                }
                className="block w-full px-4 py-2 text-left text-slate-800 data-focus:bg-slate-100"
              >
                {isAdmin ? "Remove admin priviliges" : "Make admin"}
              </button>
            </MenuItem>
          )}
          {user.completed ? (
            <MenuItem>
              <button
                type="button"
                onClick={() => open({ kind: "clearFactors", user })}
                className="block w-full px-4 py-2 text-left text-slate-800 data-focus:bg-slate-100"
              >
                Clear two-step sign-in
              </button>
            </MenuItem>
          ) : null}
          {canErase ? (
            <MenuItem>
              <button
                type="button"
                onClick={() => open({ kind: "erase", user })}
                className="block w-full px-4 py-2 text-left text-red-700 data-focus:bg-red-50"
              >
                Erase personal data
              </button>
            </MenuItem>
          ) : null}
          <MenuItem>
            <button
              type="button"
              onClick={() => open({ kind: "delete", user })}
              className="block w-full px-4 py-2 text-left text-red-700 data-focus:bg-red-50"
            >
              Delete
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
    </PortalInMain>
  );
}

/** 'Company admin', 'Admin' or 'Observer' as a small badge; nothing for employees. */
export function RoleBadge({ label }: { label: string }) {
  if (!label) return null;
  return (
    <span className="inline-flex rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-brand-800 ring-1 ring-brand-200">
      {label}
    </span>
  );
}
