import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { Alert } from "~/components/alert";
import { DialogError, FormActions } from "~/components/dialog";
import { SEARCH_DEBOUNCE_MS, SearchInput } from "~/components/search-input";
import { useToast } from "~/components/toast";
import { useDialogFetcher } from "~/components/use-dialog-fetcher";
import { officesOf, SelectField, type TeamChoices } from "~/components/select-field";
import { ConfirmForm } from "~/components/confirm-form";
import { Hidden } from "~/components/hidden-fields";
import { ConnectionDialog, useWhen } from "./connection-dialog";
import { StepUpField } from "~/components/step-up-field";
import { useT } from "~/lib/i18n/i18n";

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

/** Microsoft Graph's names of the permissions: not words, the same in every language. */
const PERMISSION = { read: "User.Read", readAll: "User.Read.All" };

/** The permissions Availability asks of a firm's Microsoft directory (spec section 5). */
function Permissions() {
  const t = useT();
  return (
    <div className="mt-4 text-sm text-slate-600">
      <p>{t("directory.permissions.intro")}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          <strong className="font-medium text-slate-800">{PERMISSION.read}</strong> {t("directory.permissions.userRead")}
        </li>
        <li>
          <strong className="font-medium text-slate-800">{PERMISSION.readAll}</strong> {t("directory.permissions.userReadAll")}
        </li>
      </ul>
      <p className="mt-2">{t("directory.permissions.admin")}</p>
    </div>
  );
}

/** /groups' directory-connection section: company admins of firms with enableEntraUI. */
export function DirectorySection({ directory, choices }: { directory: DirectoryStatus; choices: TeamChoices | null }) {
  const connected = Boolean(directory.tenantId);
  const when = useWhen();
  const t = useT();
  return (
    <section aria-labelledby="directory-heading" className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id="directory-heading" className="text-base font-semibold text-slate-900">
            {t("directory.title")}
          </h2>
          <p className="mt-1 text-sm break-all text-slate-600">
            {connected ? (
              <>
                {t("directory.connectedTo")} <code className="text-slate-800">{directory.tenantId}</code>.{" "}
                {directory.lastRoundAt ? t("directory.lastSynced", { when: when(directory.lastRoundAt) }) : t("directory.notSynced")}
              </>
            ) : (
              t("directory.notConnected")
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {connected ? (
            <>
              {choices ? (
                <ConnectionDialog label={t("directory.addUsers")} title={t("directory.addUsers")} primary panelClassName="max-w-xl">
                  {(close) => <AddFromDirectoryForm choices={choices} onClose={close} />}
                </ConnectionDialog>
              ) : null}
              <ConnectionDialog label={t("directory.removeTenant")} title={t("directory.confirmRemoval")}>
                {(close) => (
                  <ConfirmForm
                    intent="removeTenant"
                    confirmLabel={t("directory.remove")}
                    busyLabel={t("directory.removing")}
                    confirmation={t("directory.disconnected")}
                    onClose={close}
                    fields={(errors) => <StepUpField id="remove-tenant-current-password" errors={errors?.currentPassword} />}
                  >
                    <p>
                      {t("directory.removeQuestion.before")} <strong className="font-semibold break-all text-slate-900">{directory.tenantId}</strong>
                      {t("directory.removeQuestion.after")}
                    </p>
                  </ConfirmForm>
                )}
              </ConnectionDialog>
            </>
          ) : (
            <>
              <a href="/directory/connect?mode=consent" className={`${linkButton} bg-brand-600 text-white shadow-sm hover:bg-brand-700`}>
                {t("directory.connect")}
              </a>
              <a
                href="/directory/connect?mode=custom"
                className={`${linkButton} bg-white text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50`}
              >
                {t("directory.signInOnly")}
              </a>
            </>
          )}
        </div>
      </div>
      <Alert message={directory.error} className="mt-4" />
      {directory.lastError ? <Alert message={t("directory.syncFailed", { error: directory.lastError })} className="mt-4" /> : null}
      <Permissions />
      {directory.removed.length ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">{t("directory.removedTitle")}</h3>
          <p className="text-sm text-slate-600">{t("directory.removedText")}</p>
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
  const t = useT();
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
    show(t("directory.invited", { count: chosen.size }));
    onClose();
  }, [chosen.size, show, onClose, t]);
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
      <SearchInput value={query} onChange={setQuery} label={t("directory.search")} className="max-w-none" />
      <Alert message={searchError} className="mt-3" />
      <fieldset className="mt-3">
        <legend className="sr-only">{t("directory.people")}</legend>
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
                    <span className="block font-medium text-slate-900">{person.displayName || t("directory.noName")}</span>
                    <span className="block break-all text-slate-600">{person.mail ?? t("directory.noEmail")}</span>
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
            <li className="px-3 py-3 text-sm text-slate-600">{t("directory.nobody")}</li>
          ) : null}
        </ul>
      </fieldset>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t("users.group")}
          id="directory-group"
          value={groupId}
          onChange={(event) => {
            setGroupId(event.target.value);
            setOfficeId(officesOf(choices, event.target.value)[0]?._id ?? "");
          }}
          options={choices.groups.map((group) => ({ value: group._id, label: group.name }))}
        />
        <SelectField
          label={t("users.office")}
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
        label={chosen.size ? t("directory.inviteCount", { count: chosen.size }) : t("users.invite.button")}
        busyLabel={t("users.invite.inviting")}
        disabled={chosen.size === 0}
      />
    </invite.Form>
  );
}
