import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { lazy } from "react";
import { requireOperator } from "~/auth/operator.server";
import { Button } from "~/components/button";
import { domainCtx } from "~/domain/context";
import { listCompanies, operatorCtx } from "~/domain/operator/operator.server";
import { DialogButton } from "~/components/list-block";
import { Icon } from "~/components/icon";
import { usageReport } from "~/domain/usage/usage.server";
import { UsageTable } from "~/features/operator/usage-table";
import { ShardsTable } from "~/features/operator/shards-table";
import { listShards } from "~/domain/installation/shards.server";
import { operatorMoves } from "~/domain/installation/operator-moves.server";
import { listInstallationDomains } from "~/domain/identity/sso/installation-domains.server";
import { InstallationDomainsForm } from "~/features/operator/installation-domains-form";
import { listDomainClaims } from "~/domain/identity/sso/domain-approval.server";
import { DomainClaims } from "~/features/operator/domain-claims";
import { languageOptions } from "~/lib/i18n/catalogs.server";
import { metaText, useT } from "~/lib/i18n/i18n";
import { runOperatorAction } from "./operator-actions.server";

// The dialogs' forms (their schemas, with zod, and conform) load when one first opens (decision 0292).
const operatorForms = () => import("~/features/operator/operator-forms");
const CompanyCreateForm = lazy(() => operatorForms().then((m) => ({ default: m.CompanyCreateForm })));
const CompanySettingsForm = lazy(() => operatorForms().then((m) => ({ default: m.CompanySettingsForm })));

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "operator.pageTitle") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireOperator(request, context);
  const ctx = operatorCtx(domainCtx(context, actor), context.env);
  const [companyList, usage, domains, claims, shards, moves] = await Promise.all([
    listCompanies(ctx),
    usageReport(ctx, 8),
    listInstallationDomains(context.env),
    listDomainClaims(ctx),
    listShards(context.env),
    operatorMoves(ctx, context.env),
  ]);
  return json({ companies: companyList, usage, installationDomains: domains, domainClaims: claims, shards, moves, languages: languageOptions() });
}

export const action = (args: ActionFunctionArgs) => runOperatorAction(args);

export default function OperatorConsole() {
  const { companies, usage, installationDomains, domainClaims, shards, moves, languages } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-slate-900">{t("operator.title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("operator.intro")}</p>
        </div>
        <DialogButton
          title={t("operator.newCompany")}
          description={t("operator.newCompanyHint")}
          button={(open) => (
            <Button onClick={open}>
              <Icon name="plus" />
              {t("operator.newCompany")}
            </Button>
          )}
        >
          {(close) => <CompanyCreateForm onClose={close} />}
        </DialogButton>
      </div>

      <section aria-labelledby="companies-heading" className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <h2 id="companies-heading" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
          {t("operator.companies")} <span className="font-normal text-slate-500">({companies.length})</span>
        </h2>
        {companies.length ? (
          <table className="w-full text-left text-sm">
            <thead className="sr-only sm:not-sr-only">
              <tr className="text-xs text-slate-500">
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("operator.col.name")}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  {t("operator.col.people")}
                </th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">{t("operator.col.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {companies.map((company) => (
                <tr key={company._id}>
                  <td className="w-full px-4 py-3">
                    <span className="block font-medium break-words text-slate-900">{company.name}</span>
                  </td>
                  <td className="px-4 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums">
                    {company.people} <span className="sm:sr-only">{t("operator.peopleNoun", { count: company.people })}</span>
                  </td>
                  <td className="w-0 px-2 py-2 text-right">
                    <DialogButton
                      title={t("operator.editCompany", { name: company.name })}
                      panelClassName="max-w-2xl"
                      button={(open) => (
                        <Button variant="secondary" onClick={open} className="px-3 py-1.5">
                          <Icon name="edit" />
                          {t("common.edit")}
                          <span className="sr-only"> {company.name}</span>
                        </Button>
                      )}
                    >
                      {(close) => <CompanySettingsForm company={company} languages={languages} onClose={close} />}
                    </DialogButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="px-4 py-3 text-sm text-slate-500">{t("operator.noCompanies")}</p>
        )}
      </section>
      <UsageTable usage={usage} />

      <ShardsTable shards={shards} moves={moves} />

      <DomainClaims claims={domainClaims} />

      <InstallationDomainsForm domains={installationDomains} />
    </div>
  );
}
