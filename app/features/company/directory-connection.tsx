import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { Alert } from "~/components/alert";
import { DialogError, FormActions } from "~/components/dialog";
import { SEARCH_DEBOUNCE_MS, SearchInput } from "~/components/search-input";
import { useToast } from "~/components/toast";
import { useDialogFetcher } from "~/components/use-dialog-form";
import { officesOf, SelectField, type TeamChoices } from "~/components/select-field";
import { ConfirmForm } from "~/components/confirm-form";
import { Hidden } from "~/components/hidden-fields";
import { ConnectionDialog, useWhen } from "./connection-dialog";
import { StepUpField } from "~/components/step-up-field";

export interface DirectoryStatus {
  tenantId: string | null;
  lastRoundAt: string | null;
  lastError: string | null;
  removed: { _id: string; name: string; email: string; removedAt: string | null }[];
  error: string | null;
}

interface DirectoryPerson {
  id: string;
  displayName: string;
  mail: string | null;
  selectable: boolean;
  reason: string | null;
}

const linkButton =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** The permissions Availability asks of a firm's Microsoft directory (spec section 5). */
function Permissions() {
  return (
    <div className="mt-4 text-sm text-slate-600">
      <p>Availability asks your Microsoft Entra ID directory for these permissions:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          <strong className="font-medium text-slate-800">User.Read</strong> (delegated, with admin consent): signs people in with their Microsoft
          account.
        </li>
        <li>
          <strong className="font-medium text-slate-800">User.Read.All</strong> (application): synchronises names, titles, profile pictures and
          departments (to groups through their SSO identifiers).
        </li>
      </ul>
      <p className="mt-2">Setting up needs a Global Administrator or an Application Administrator of the directory.</p>
    </div>
  );
}

/** /groups' directory-connection section: company admins of firms with enableEntraUI. */
export function DirectorySection({ directory, choices }: { directory: DirectoryStatus; choices: TeamChoices | null }) {
  const connected = Boolean(directory.tenantId);
  const when = useWhen();
  return (
    <section aria-labelledby="directory-heading" className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id="directory-heading" className="text-base font-semibold text-slate-900">
            Microsoft directory
          </h2>
          <p className="mt-1 text-sm break-all text-slate-600">
            {connected ? (
              <>
                Connected to directory <code className="text-slate-800">{directory.tenantId}</code>.{" "}
                {directory.lastRoundAt ? `Last synchronised ${when(directory.lastRoundAt)}.` : "Not synchronised yet."}
              </>
            ) : (
              "Not connected. Connect it so people sign in with Microsoft and can be added from the directory."
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {connected ? (
            <>
              {choices ? (
                <ConnectionDialog label="Add users from the directory" title="Add users from the directory" primary panelClassName="max-w-xl">
                  {(close) => <AddFromDirectoryForm choices={choices} onClose={close} />}
                </ConnectionDialog>
              ) : null}
              <ConnectionDialog label="Remove tenant" title="Confirm removal of tenant">
                {(close) => (
                  <ConfirmForm
                    intent="removeTenant"
                    confirmLabel="Remove"
                    busyLabel="Removing..."
                    confirmation="Directory disconnected"
                    onClose={close}
                    fields={(errors) => <StepUpField id="remove-tenant-current-password" errors={errors?.currentPassword} />}
                  >
                    <p>
                      Remove the connection to directory <strong className="font-semibold break-all text-slate-900">{directory.tenantId}</strong>?
                      People can no longer sign in with Microsoft and the sync stops. Nobody is deleted.
                    </p>
                  </ConfirmForm>
                )}
              </ConnectionDialog>
            </>
          ) : (
            <>
              <a href="/directory/connect?mode=consent" className={`${linkButton} bg-brand-600 text-white shadow-sm hover:bg-brand-700`}>
                Connect directory
              </a>
              <a
                href="/directory/connect?mode=custom"
                className={`${linkButton} bg-white text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50`}
              >
                Sign-in only setup
              </a>
            </>
          )}
        </div>
      </div>
      <Alert message={directory.error} className="mt-4" />
      {directory.lastError ? <Alert message={`The last sync failed: ${directory.lastError}`} className="mt-4" /> : null}
      <Permissions />
      {directory.removed.length ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">Removed from the directory</h3>
          <p className="text-sm text-slate-600">
            These people are no longer in your Microsoft directory. They keep their accounts until you delete them.
          </p>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {directory.removed.map((person) => (
              <li key={person._id} className="py-1.5">
                <span className="font-medium text-slate-900">{person.name || person.email}</span>{" "}
                <span className="text-slate-600">{person.email}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** Search the directory, pick people with an e-mail, choose their team, invite them (POST /users/multiple with azureADId). */
function AddFromDirectoryForm({ choices, onClose }: { choices: TeamChoices; onClose: () => void }) {
  const show = useToast();
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState<Map<string, DirectoryPerson>>(new Map());
  const [groupId, setGroupId] = useState(choices.groups[0]?._id ?? "");
  const offices = officesOf(choices, groupId);
  const [officeId, setOfficeId] = useState(offices[0]?._id ?? "");
  const search = useFetcher<DirectoryPerson[] | { message: string }>();
  const { load } = search;
  useEffect(() => {
    const timer = setTimeout(() => load(`/api/v2/azure-ad/users?search=${encodeURIComponent(query)}`), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, load]);
  const done = useCallback(() => {
    show(`Invitations sent to ${chosen.size} ${chosen.size === 1 ? "person" : "people"}`);
    onClose();
  }, [chosen.size, show, onClose]);
  const invite = useDialogFetcher(done);
  const busy = invite.state !== "idle";
  const error = invite.state === "idle" ? invite.data?.error?.[""]?.[0] : undefined;
  const people = Array.isArray(search.data) ? search.data : [];
  const searchError = search.data && !Array.isArray(search.data) ? search.data.message : null;
  const toggle = (person: DirectoryPerson) =>
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(person.id)) next.delete(person.id);
      else next.set(person.id, person);
      return next;
    });

  return (
    <invite.Form method="post">
      <Hidden values={{ intent: "inviteFromDirectory", group: groupId, office: officeId }} />
      {[...chosen.values()].map((person, i) => (
        <Hidden
          key={person.id}
          values={{ [`users[${i}].email`]: person.mail ?? "", [`users[${i}].name`]: person.displayName, [`users[${i}].azureADId`]: person.id }}
        />
      ))}
      <SearchInput value={query} onChange={setQuery} label="Search the directory by name or e-mail" className="max-w-none" />
      <Alert message={searchError} className="mt-3" />
      <fieldset className="mt-3">
        <legend className="sr-only">People in the directory</legend>
        <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-md ring-1 ring-slate-200" aria-busy={search.state !== "idle"}>
          {people.map((person) => {
            const id = `directory-person-${person.id}`;
            return (
              <li key={person.id} className="px-3 py-2">
                <label htmlFor={id} className="flex items-start gap-3">
                  <input
                    id={id}
                    type="checkbox"
                    className="mt-1 h-4 w-4 rounded border-slate-300 text-brand-600 disabled:opacity-50"
                    disabled={!person.selectable}
                    checked={chosen.has(person.id)}
                    onChange={() => toggle(person)}
                    aria-describedby={person.reason ? `${id}-reason` : undefined}
                  />
                  <span className="min-w-0 text-sm">
                    <span className="block font-medium text-slate-900">{person.displayName || "(no name)"}</span>
                    <span className="block break-all text-slate-600">{person.mail ?? "No e-mail"}</span>
                    {person.reason ? (
                      <span id={`${id}-reason`} className="mt-0.5 block text-xs text-amber-800">
                        {person.reason}
                      </span>
                    ) : null}
                  </span>
                </label>
              </li>
            );
          })}
          {people.length === 0 && search.state === "idle" && !searchError ? (
            <li className="px-3 py-3 text-sm text-slate-600">Nobody found.</li>
          ) : null}
        </ul>
      </fieldset>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Group"
          id="directory-group"
          value={groupId}
          onChange={(event) => {
            setGroupId(event.target.value);
            setOfficeId(officesOf(choices, event.target.value)[0]?._id ?? "");
          }}
          options={choices.groups.map((group) => ({ value: group._id, label: group.name }))}
        />
        <SelectField
          label="Office"
          id="directory-office"
          value={officeId}
          onChange={(event) => setOfficeId(event.target.value)}
          options={offices.map((office) => ({ value: office._id, label: office.name }))}
        />
      </div>
      <DialogError message={error} />
      <FormActions
        onCancel={onClose}
        busy={busy}
        label={chosen.size ? `Invite ${chosen.size}` : "Invite"}
        busyLabel="Inviting..."
        disabled={chosen.size === 0}
      />
    </invite.Form>
  );
}
