import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { canOpenCompanyAdmin } from "~/auth/permissions";
import { requireUser } from "~/auth/session.server";
import { getCompanyOverview } from "~/domain/company/overview.server";
import { domainCtx } from "~/domain/context";

export const meta: MetaFunction = () => [{ title: "Company · Availability" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  if (!canOpenCompanyAdmin(actor.user)) throw redirect("/home");
  return json(await getCompanyOverview(domainCtx(context, actor)));
}

export default function CompanyPage() {
  const company = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
      <h1 className="text-2xl font-semibold text-slate-900">{company.companyName}</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <ListBlock title="Administrators" empty="No administrators yet.">
          {company.administrators.map((admin) => (
            <li key={admin._id} className="flex items-center justify-between px-4 py-3">
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-slate-900">{admin.name || admin.email}</span>
                <span className="block truncate text-xs text-slate-500">{admin.email}</span>
              </span>
              <span className="text-xs text-slate-500">
                {admin.companyAdmin ? "Company admin" : admin.administratorPriviliges ? "Admin" : "Observer"}
                {admin.completed ? "" : " · Not completed"}
              </span>
            </li>
          ))}
        </ListBlock>
        <ListBlock title="Groups" empty="No groups yet.">
          {company.groups.map((group) => (
            <li key={group._id} className="px-4 py-3">
              <span className="block text-sm font-medium text-slate-900">{group.name}</span>
              <span className="block text-xs text-slate-500">{group.offices.map((office) => office.name).join(", ") || "No offices"}</span>
            </li>
          ))}
        </ListBlock>
        <ListBlock title="Skill levels" empty="No skill levels yet.">
          {company.skillLevels.map((level) => (
            <li key={level._id} className="flex items-center justify-between px-4 py-3">
              <span className="text-sm font-medium text-slate-900">{level.name}</span>
              <span className="text-xs text-slate-500">Level: {level.level}</span>
            </li>
          ))}
        </ListBlock>
      </div>
    </div>
  );
}

function ListBlock({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const id = `list-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
        {title}
      </h2>
      {children.length ? <ul className="divide-y divide-slate-100">{children}</ul> : <p className="px-4 py-3 text-sm text-slate-500">{empty}</p>}
    </section>
  );
}
