import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, NavLink, useFetcher, useLoaderData } from "@remix-run/react";
import clsx from "clsx";
import { useRef } from "react";
import { requireUser } from "~/auth/session.server";
import { Button } from "~/components/button";
import { Icon } from "~/components/icon";
import { DialogButton } from "~/components/list-block";
import { competencePageData } from "~/domain/competences/competences.server";
import { metaText, useT } from "~/lib/i18n/i18n";
import { runCompetenceAction } from "./competence-actions.server";
import { domainCtx } from "~/domain/context";
import { DeleteButton } from "~/components/confirm-form";
import { Hidden } from "~/components/hidden-fields";
import { ParentSelect } from "~/features/competences/parent-select";
import { DialogError, FormActions } from "~/components/dialog";
import { useDialogFetcher } from "~/components/use-dialog-fetcher";
import { useSuccessToast } from "~/components/use-success-toast";
import { orStatusPage } from "~/web/page-form.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: metaText(matches, "competence.pageTitle", { name: data?.competence.name ?? metaText(matches, "competence.kind") }) },
];

/** Between the breadcrumbs: a mark, the same in every language. */
const CRUMB = "›";

/**
 * /competences/{id}/{view} (spec: planning.md, "Competences"): a category shows its settings
 * panel; a competence shows Members (with the add-member dialog and skill levels) and Settings
 * (hidden when the firm restricts competence editing to admins). No view goes to members.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  if (actor.company.settings.disableCompetences) throw redirect("/home");
  const data = await orStatusPage(competencePageData(domainCtx(context, actor), params.id!));
  const view = params.view;
  if (!data.competence.root && view !== "members" && view !== "settings") throw redirect(`/competences/${params.id}/members`);
  if (!data.competence.root && view === "settings" && !data.canEdit) throw redirect(`/competences/${params.id}/members`);
  return json({ ...data, view: data.competence.root ? "settings" : view });
}

export const action = (args: ActionFunctionArgs) => runCompetenceAction(args);

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * The level buttons of one skill: clicking a level sets it, clicking the set one clears it.
 * Each button's name says whose level it sets ("Set Emil Employee's level in Contracts to 3,
 * Expert"); another member's buttons that the reader may not use look disabled; a change is
 * confirmed with the toast.
 */
function LevelPicker({
  skillId,
  levelId,
  levels,
  who,
  competence,
  disabled,
}: {
  skillId: string;
  levelId: string | null;
  levels: Data["levels"];
  /** The member's name, or "me". */
  who: string;
  competence: string;
  disabled: boolean;
}) {
  const t = useT();
  const fetcher = useFetcher<{ status?: string }>();
  const pending = fetcher.formData ? (fetcher.formData.get("levelOfSkillId") as string) || null : undefined;
  const current = pending !== undefined ? pending : levelId;
  const name = levels.find((l) => l._id === current)?.name;
  const sent = useRef<string | null>(null);
  useSuccessToast(fetcher.state === "idle" ? fetcher.data : undefined, fetcher.data?.status === "success", () => {
    const level = levels.find((l) => l._id === sent.current);
    return level
      ? t("competence.level.setToast", { who, competence, level: level.level, levelName: level.name })
      : t("competence.level.clearedToast", { who, competence });
  });
  return (
    <div className="flex items-center gap-2">
      <div role="group" aria-label={t("competence.level.group", { who })} className="flex gap-1">
        {levels.map((level) => {
          const set = current === level._id;
          return (
            <fetcher.Form method="post" key={level._id} onSubmit={() => (sent.current = set ? null : level._id)}>
              <Hidden values={{ intent: "setLevel", skillId, levelOfSkillId: set ? "" : level._id }} />
              <button
                type="submit"
                disabled={disabled}
                aria-pressed={set}
                aria-label={t("competence.level.set", { who, competence, level: level.level, levelName: level.name })}
                title={
                  disabled
                    ? t("competence.level.cannot", { who, levelName: level.name })
                    : set
                      ? t("competence.level.clickToClear", { levelName: level.name })
                      : level.name
                }
                className={clsx(
                  "h-8 min-w-8 rounded-md px-2 text-sm font-medium ring-1 ring-inset disabled:cursor-not-allowed",
                  set
                    ? "bg-brand-700 text-white ring-brand-700 disabled:bg-slate-500 disabled:ring-slate-500"
                    : "bg-white text-slate-700 ring-slate-300 enabled:hover:bg-slate-50 disabled:bg-slate-100 disabled:text-slate-500 disabled:ring-slate-200",
                )}
              >
                {level.level}
              </button>
            </fetcher.Form>
          );
        })}
      </div>
      <span className="text-sm text-slate-600">{name ?? t("competence.level.none")}</span>
    </div>
  );
}

function AddMembersForm({ candidates, onClose }: { candidates: Data["candidates"]; onClose: () => void }) {
  const t = useT();
  const fetcher = useDialogFetcher(onClose);
  const busy = fetcher.state !== "idle";
  const message = fetcher.state === "idle" ? (fetcher.data as { error?: Record<string, string[]> } | undefined)?.error?.[""]?.[0] : undefined;
  return (
    <fetcher.Form method="post" className="space-y-4">
      <Hidden values={{ intent: "addMembers" }} />
      {candidates.length === 0 ? (
        <p className="text-sm text-slate-600">{t("competence.add.everyone")}</p>
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t("competence.add.people")}</legend>
          <ul className="mt-2 max-h-[400px] space-y-1 overflow-y-auto">
            {candidates.map((person) => (
              <li key={person._id}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" name="userIds" value={person._id} className="rounded" />
                  {person.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <DialogError message={message} />
      <FormActions onCancel={onClose} busy={busy} label={t("competence.add.submit")} busyLabel={t("competence.add.adding")} />
    </fetcher.Form>
  );
}

function SettingsForm({ data }: { data: Data }) {
  const { competence, categories, mySkill, levels, canEdit } = data;
  const t = useT();
  const fetcher = useFetcher<{ status?: string; error?: Record<string, string[]> }>();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    <section aria-labelledby="settings-heading" className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="settings-heading" className="text-lg font-semibold text-slate-900">
        {competence.root ? t("competence.settings.category") : t("competence.settings.title")}
      </h2>
      <fetcher.Form method="post" ref={formRef} className="mt-4 space-y-4" key={`${competence._id}-${competence.name}-${competence.parent?._id}`}>
        <Hidden values={{ intent: "update", root: competence.root ? "true" : "false" }} />
        <div>
          <label htmlFor="competence-name" className="block text-sm font-medium text-slate-700">
            {competence.root ? t("competence.settings.categoryName") : t("competence.settings.competenceName")}
          </label>
          <input
            id="competence-name"
            name="name"
            defaultValue={competence.name}
            disabled={!canEdit}
            aria-invalid={errors?.name ? true : undefined}
            aria-describedby={errors?.name ? "competence-name-error" : undefined}
            className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none sm:text-sm"
          />
          {errors?.name ? (
            <p id="competence-name-error" className="mt-1 text-sm text-red-600">
              {errors.name[0]}
            </p>
          ) : null}
        </div>
        <ParentSelect
          id="competence-parent"
          name="parentId"
          label={competence.root ? t("competences.form.parentCategory") : t("competences.form.category")}
          categories={categories}
          defaultValue={competence.parent?._id}
          errors={errors?.parentId}
          disabled={!canEdit}
        />
        <DialogError message={errors?.[""]?.[0]} />
        {canEdit ? (
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? t("common.saving") : t("common.save")}
            </Button>
            <Button variant="secondary" onClick={() => formRef.current?.reset()}>
              {t("competence.settings.discard")}
            </Button>
          </div>
        ) : null}
      </fetcher.Form>
      {mySkill && !competence.root ? (
        <div className="mt-6">
          <h3 className="text-sm font-medium text-slate-700">{t("competence.settings.mySkill")}</h3>
          <div className="mt-2">
            <LevelPicker
              skillId={mySkill.skillId}
              levelId={mySkill.levelId}
              levels={levels}
              who="me"
              competence={competence.name}
              disabled={!data.members.find((m) => m.userId === mySkill.userId)?.canRate}
            />
          </div>
        </div>
      ) : null}
      {canEdit ? (
        <div className="mt-6 border-t border-slate-200 pt-4">
          <DeleteButton
            title={t("competence.settings.delete", { name: competence.name })}
            intent="delete"
            confirmation={t("competence.settings.deleted", { name: competence.name })}
          >
            <p>{t("competence.settings.deleteQuestion", { name: competence.name })}</p>
          </DeleteButton>
        </div>
      ) : null}
    </section>
  );
}

export default function CompetencePage() {
  const data = useLoaderData<typeof loader>();
  const { competence, members, levels, candidates, canEdit, view } = data;
  const t = useT();
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-8 sm:py-10">
      <nav aria-label={t("competence.breadcrumbs")} className="text-sm">
        <ol className="flex flex-wrap items-center gap-1 text-slate-600">
          <li>
            <Link to="/competences" className="font-medium text-brand-700 hover:underline">
              {t("competences.title")}
            </Link>
          </li>
          <li aria-hidden="true">{CRUMB}</li>
          <li aria-current="page" className="text-slate-900">
            {competence.name}
          </li>
        </ol>
      </nav>
      <p className="mt-4 text-xs font-medium tracking-wide text-slate-500 uppercase">
        {competence.root ? t("competence.categoryOverview") : t("competence.competenceOverview")}
      </p>
      <h1 className="mt-1 text-2xl font-semibold break-words text-slate-900">{competence.name}</h1>
      {competence.externalSource ? <p className="mt-1 text-sm text-amber-800">{t("competence.fromCvPartner")}</p> : null}
      {competence.root ? (
        <SettingsForm data={data} />
      ) : (
        <>
          <div className="mt-6 flex items-center justify-between gap-3 border-b border-slate-200">
            <nav aria-label={t("competence.sections")} className="flex gap-6">
              <SectionTab competenceId={competence._id} view="members" label={t("competence.tab.members")} />
              {canEdit ? <SectionTab competenceId={competence._id} view="settings" label={t("competence.tab.settings")} /> : null}
            </nav>
            {view === "members" && !competence.externalSource && candidates.length > 0 ? (
              <DialogButton
                title={t("competence.add.submit")}
                button={(open) => (
                  <Button variant="secondary" onClick={open} className="mb-2 px-3 py-1.5">
                    <Icon name="plus" />
                    {t("competence.add.button")}
                  </Button>
                )}
              >
                {(close) => <AddMembersForm candidates={candidates} onClose={close} />}
              </DialogButton>
            ) : null}
          </div>
          {view === "settings" ? (
            <SettingsForm data={data} />
          ) : (
            <section aria-label={t("competence.members")} className="mt-4">
              {members.length === 0 ? <p className="text-sm text-slate-500">{t("competence.noMembers")}</p> : null}
              <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
                {members.map((member) => (
                  <li key={member.skillId} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium text-slate-900">{member.name}</p>
                      {member.title ? <p className="truncate text-xs text-slate-500">{member.title}</p> : null}
                    </div>
                    <div className="flex items-center gap-3">
                      {levels.length ? (
                        <LevelPicker
                          skillId={member.skillId}
                          levelId={member.levelId}
                          levels={levels}
                          who={member.name}
                          competence={competence.name}
                          disabled={!member.canRate}
                        />
                      ) : null}
                      {member.canRemove ? (
                        <Form method="post">
                          <Hidden values={{ intent: "removeSkill", skillId: member.skillId }} />
                          <button
                            type="submit"
                            aria-label={t("competence.remove", { name: member.name })}
                            title={t("competence.remove", { name: member.name })}
                            className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-red-700"
                          >
                            <Icon name="trash" />
                          </button>
                        </Form>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

/** A tab of a competence's page: Members or Settings. */
function SectionTab({ competenceId, view, label }: { competenceId: string; view: "members" | "settings"; label: string }) {
  return (
    <NavLink
      to={`/competences/${competenceId}/${view}`}
      className={({ isActive }) =>
        clsx(
          "border-b-2 px-1 py-2 text-sm font-medium",
          isActive ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900",
        )
      }
    >
      {label}
    </NavLink>
  );
}
