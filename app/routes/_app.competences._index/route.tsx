import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import clsx from "clsx";
import { lazy, useState } from "react";
import { canEditCompetences } from "~/auth/permissions";
import { requireUser } from "~/auth/session.server";
import { Button } from "~/components/button";
import { Icon } from "~/components/icon";
import { DialogButton, Highlight, matchesSearch } from "~/components/list-block";
import { SearchInput } from "~/components/search-input";
import { listCompetences } from "~/domain/competences/competences.server";
import { domainCtx } from "~/domain/context";
import { orStatusPage } from "~/web/page-form.server";
import { metaText, useT } from "~/lib/i18n/i18n";
import { runCompetencesAction } from "./competences-actions.server";

// The dialog's form (its schema, with zod, conform and the category dropdown) loads when it first opens (decision 0292).
const CreateCompetenceForm = lazy(() => import("~/features/competences/competence-forms").then((m) => ({ default: m.CreateCompetenceForm })));

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "competences.pageTitle") }];

/** An empty cell: a dash, the same in every language. */
const NONE = "—";

/** /competences (spec: planning.md, "Competences"): search, category chips, the table, and the create dialog. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  if (actor.company.settings.disableCompetences) throw redirect("/home");
  const list = await orStatusPage(listCompetences(domainCtx(context, actor)));
  const byId = new Map(list.map((c) => [c._id, c]));
  const categories = list
    .filter((c) => c.root)
    .map((c) => ({ _id: c._id, name: c.name, parentId: c.parent?._id ?? null, count: list.filter((x) => x.parent?._id === c._id).length }));
  const rows = list.map((c) => ({
    _id: c._id,
    name: c.name,
    root: c.root,
    category: c.parent?.name ?? null,
    categoryId: c.parent?._id ?? null,
    members: c.users.length,
    averageSkillLevel: c.averageSkillLevel,
    external: Boolean(c.externalSource),
    topCategoryId: (() => {
      let at = c.parent ? byId.get(c.parent._id) : undefined;
      while (at?.parent && byId.get(at.parent._id)) at = byId.get(at.parent._id);
      return at?._id ?? null;
    })(),
  }));
  return json({ rows, categories, canEdit: canEditCompetences(actor.user, actor.company.settings) });
}

export const action = (args: ActionFunctionArgs) => runCompetencesAction(args);

export default function CompetencesPage() {
  const { rows, categories, canEdit } = useLoaderData<typeof loader>();
  const t = useT();
  const [query, setQuery] = useState("");
  const [chip, setChip] = useState<string | null>(null);
  // A chip's count badge: the competences under the category, its sub-categories' included.
  const countOf = (id: string | null) => rows.filter((row) => !row.root && (id === null || row.categoryId === id || row.topCategoryId === id)).length;
  const visible = rows.filter(
    (row) =>
      matchesSearch(query, row.name, row.category) && (chip === null || row.categoryId === chip || row.topCategoryId === chip || row._id === chip),
  );
  const chips = [{ _id: null as string | null, name: t("competences.all") }, ...categories.filter((c) => !c.parentId)];
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{t("competences.title")}</h1>
        {canEdit ? (
          <DialogButton
            title={t("competences.createTitle")}
            button={(open) => (
              <Button onClick={open}>
                <Icon name="plus" />
                {t("competences.create")}
              </Button>
            )}
          >
            {(close) => <CreateCompetenceForm categories={categories} onClose={close} />}
          </DialogButton>
        ) : null}
      </div>
      <SearchInput value={query} onChange={setQuery} label={t("competences.search")} />
      <div role="group" aria-label={t("competences.categories")} className="mt-4 flex flex-wrap gap-2">
        {chips.map((c) => (
          <button
            key={c._id ?? "all"}
            type="button"
            aria-pressed={chip === c._id}
            onClick={() => setChip(c._id)}
            className={clsx(
              "rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset",
              chip === c._id ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
            )}
          >
            {c.name}{" "}
            <span
              className={clsx(
                "ml-2 rounded-full px-1.5 py-0.5 text-xs tabular-nums",
                chip === c._id ? "bg-white/20 text-white" : "bg-slate-100 text-slate-700",
              )}
            >
              {countOf(c._id)}
              <span className="sr-only"> {t("competences.countNoun", { count: countOf(c._id) })}</span>
            </span>
          </button>
        ))}
      </div>
      <div className="relative mt-4 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                {t("competences.col.name")}
              </th>
              <th scope="col" className="px-4 py-3">
                {t("competences.col.category")}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {t("competences.col.members")}
              </th>
              <th scope="col" className="hidden px-4 py-3 text-right sm:table-cell">
                {t("competences.col.averageLevel")}
              </th>
              <th scope="col" className="w-12 px-2 py-3">
                <span className="sr-only">{t("competences.col.settings")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {visible.map((row) => (
              <tr key={row._id} className="hover:bg-slate-50">
                <td className="px-4 py-3">
                  <Link to={`/competences/${row._id}`} className="font-medium text-brand-700 hover:underline">
                    <Highlight text={row.name} query={query} />
                  </Link>
                  {row.root ? (
                    <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">{t("competences.categoryBadge")}</span>
                  ) : null}
                  {row.external ? (
                    <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs text-amber-800">{t("competences.fromCvPartner")}</span>
                  ) : null}
                </td>
                <td className="px-4 py-3 text-slate-600">{row.category ?? NONE}</td>
                <td className="px-4 py-3 text-right text-slate-700">{row.root ? "" : row.members}</td>
                <td className="hidden px-4 py-3 text-right text-slate-700 sm:table-cell">{row.averageSkillLevel ?? ""}</td>
                <td className="px-2 py-1 text-right">
                  {/* A category's settings are its page; a competence's details are its Settings tab (editors only). */}
                  {row.root || (canEdit && !row.external) ? (
                    <Link
                      to={row.root ? `/competences/${row._id}` : `/competences/${row._id}/settings`}
                      aria-label={t("competences.settingsOf", { name: row.name })}
                      title={t("competences.settingsOf", { name: row.name })}
                      className="inline-flex rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
                    >
                      <Icon name="settings" />
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {visible.length === 0 ? <p className="px-4 py-6 text-sm text-slate-500">{t("competences.noneFound")}</p> : null}
      </div>
    </div>
  );
}
