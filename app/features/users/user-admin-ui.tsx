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

/** A person as the users pages hold them: table fields, permissions and team with ids. */
export type AdminUser = EditableUser & TeamUser;

export type Me = RoleFlags & Membership & { id: string };

type DialogState = { kind: "edit" | "team" | "delete" | "clearFactors"; user: AdminUser } | null;

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
export function useUserDialogs({ choices, features }: { choices: TeamChoices; features: { utilizationView: boolean; detailedViewHours: boolean } }) {
  const [dialog, setDialog] = useState<DialogState>(null);
  const close = useCallback(() => setDialog(null), []);
  const titles = { edit: "Edit user", team: "Change group and office", delete: "Delete user", clearFactors: "Clear two-step sign-in" };
  const modal = (
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
    </Modal>
  );
  return { open: setDialog, modal };
}

export function UserRowMenu({ user, open }: { user: AdminUser; open: (state: NonNullable<DialogState>) => void }) {
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
