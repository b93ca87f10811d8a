import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import clsx from "clsx";
import { requireUser } from "~/auth/session.server";
import { Button } from "~/components/button";
import { DateRangeFields } from "~/components/date-field";
import { Field } from "~/components/field";
import { SelectField } from "~/components/select-field";
import { competenceOptions } from "~/domain/competences/competences.server";
import { domainCtx } from "~/domain/context";
import { filterOptions } from "~/domain/users/filter.server";
import { staffingSearchSchema } from "~/domain/users/staffing.schema";
import { searchStaffing, type StaffingMatch, type StaffingResult } from "~/domain/users/staffing.server";
import { validate } from "~/domain/validation";
import { pageStateOf } from "~/web/page-form.server";
import { officeWithGroup } from "~/lib/office-name";
import { WorkloadLegend } from "~/components/workload-legend";
import { workloadColorClass } from "~/domain/workload/levels";
import { metaText, useT, type Translate } from "~/lib/i18n/i18n";
import { freeLevelsText, workloadLabel } from "~/lib/i18n/workload";
import { useFormat } from "~/lib/format";
import { addDays, dayKey, mondayOf } from "~/lib/dates";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "findPeople.pageTitle") }];

/** Why a person matches, in the reader's words (the API's `why` says the same in English). */
function reasons(t: Translate, person: StaffingMatch, days: number): string[] {
  const away = person.days.filter((day) => day === "away").length;
  const why = [t("findPeople.why.free", { free: person.freeDays, count: days, levels: freeLevelsText(t) })];
  if (away) why.push(t("findPeople.why.away", { count: away }));
  const skill = person.skill;
  if (skill)
    why.push(
      skill.level === null
        ? t("findPeople.why.noLevel", { competence: skill.name })
        : t("findPeople.why.level", { competence: skill.name, levelName: skill.levelName ?? "", level: skill.level }),
    );
  if (person.office) why.push(t("findPeople.why.office", { office: person.office }));
  return why;
}

/**
 * 'Find people' (decision 0111): who is free on these days, holds a competence at a level,
 * and is in these offices. The form is a GET, so a search is an address one can share; the
 * answer is POST /users/staffing's, from the same domain call.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  const ctx = domainCtx(context, actor);
  const url = new URL(request.url);
  const monday = mondayOf(addDays(ctx.today, 7));
  const values = {
    startDate: url.searchParams.get("startDate") ?? dayKey(monday),
    endDate: url.searchParams.get("endDate") ?? dayKey(addDays(monday, 11)),
    competenceId: url.searchParams.get("competenceId") ?? "",
    minLevel: url.searchParams.get("minLevel") ?? "",
    office: url.searchParams.get("office") ?? "",
  };
  const [competences, options] = await Promise.all([competenceOptions(ctx), filterOptions(ctx)]);
  let result: StaffingResult | null = null;
  let errors: Record<string, string> = {};
  if (url.searchParams.has("startDate")) {
    const search = {
      startDate: values.startDate,
      endDate: values.endDate,
      competenceId: values.competenceId,
      minLevel: values.minLevel,
      offices: values.office ? [values.office] : undefined,
    };
    // Field errors stay on their fields; any other refusal is the form's message.
    const answer = await pageStateOf((async () => searchStaffing(ctx, validate(staffingSearchSchema, search)))());
    if (answer.ok) result = answer.value;
    else errors = answer.errors ?? { "": answer.message };
  }
  return json({ values, competences, offices: options.offices, result, errors });
}

export default function FindPeoplePage() {
  const t = useT();
  const { values, competences, offices, result, errors } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const fmt = useFormat();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/find-people";
  const errorsOf = (field: string) => (errors[field] ? [errors[field]] : undefined);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
      <Link to="/overview" className="text-sm font-medium text-brand-700 hover:underline">
        {t("findPeople.back")}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">{t("findPeople.title")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("findPeople.intro")}</p>
      <Form
        method="get"
        className="mt-6 grid grid-cols-1 gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-5"
      >
        <DateRangeFields
          start={{ id: "startDate", name: "startDate", label: t("findPeople.from"), defaultValue: values.startDate, errors: errorsOf("startDate") }}
          end={{ id: "endDate", name: "endDate", label: t("findPeople.to"), defaultValue: values.endDate, errors: errorsOf("endDate") }}
        />
        <SelectField
          id="competenceId"
          name="competenceId"
          label={t("overview.competence")}
          defaultValue={values.competenceId}
          placeholder={t("findPeople.any")}
          options={competences.map((c) => ({ value: c._id, label: c.category ? `${c.category} - ${c.name}` : c.name }))}
          errors={errorsOf("competenceId")}
        />
        <Field
          id="minLevel"
          name="minLevel"
          label={t("findPeople.minLevel")}
          type="number"
          min={0}
          max={1000}
          step={1}
          inputMode="numeric"
          defaultValue={values.minLevel}
          errors={errorsOf("minLevel")}
        />
        <SelectField
          id="office"
          name="office"
          label={t("findPeople.office")}
          defaultValue={values.office}
          placeholder={t("filter.allOffices")}
          options={offices.map((o) => ({ value: o._id, label: officeWithGroup(o.name, o.groupName) }))}
        />
        <div className="sm:col-span-2 lg:col-span-5">
          <Button type="submit" disabled={searching}>
            {searching ? t("findPeople.searching") : t("findPeople.title")}
          </Button>
          {errors[""] ? <p className="mt-1 text-sm text-red-600">{errors[""]}</p> : null}
        </div>
      </Form>
      {result ? (
        <section aria-labelledby="results-heading" className="mt-6">
          <h2 id="results-heading" className="text-lg font-semibold text-slate-900">
            {result.total === 0 ? t("findPeople.nobody") : t("findPeople.matches", { count: result.total })}
          </h2>
          <WorkloadLegend className="mt-2" label={t("findPeople.legend")} />
          <ol className="mt-3 divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            {result.users.map((person) => (
              <li key={person._id} className="px-4 py-3">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{person.name}</p>
                    {person.title ? <p className="text-xs text-slate-500">{person.title}</p> : null}
                    <ul
                      className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600"
                      aria-label={t("findPeople.whyLabel", { name: person.name })}
                    >
                      {reasons(t, person as StaffingMatch, result.days.length).map((reason) => (
                        <li key={reason}>{reason}</li>
                      ))}
                    </ul>
                  </div>
                  <ul className="flex shrink-0 gap-0.5" aria-label={t("findPeople.daysOf", { name: person.name })}>
                    {person.levels.map((level, i) => {
                      const away = level === "away";
                      const text = t("findPeople.day", {
                        day: fmt.weekdayDayMonth(result.days[i]),
                        status: workloadLabel(t, away ? null : level, away),
                      });
                      return (
                        <li key={result.days[i]} title={text} className={clsx("h-5 w-3 rounded-sm", workloadColorClass(away ? null : level, away))}>
                          <span className="sr-only">{text}</span>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
