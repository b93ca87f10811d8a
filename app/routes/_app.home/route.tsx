import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import clsx from "clsx";
import { requireUser } from "~/auth/session.server";
import { Avatar, profilePictureUrl } from "~/components/avatar";
import { domainCtx } from "~/domain/context";
import { getMe, teamLabel } from "~/domain/users/profile.server";
import { workloadColorClass, workloadLabel } from "~/domain/workload/levels";

export const meta: MetaFunction = () => [{ title: "Dashboard · Availability" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  const me = await getMe(domainCtx(context, actor));
  return json({
    name: me.name || me.email,
    title: me.title,
    team: teamLabel(me),
    picture: profilePictureUrl(me.profilePicture),
    currentWorkload: me.currentWorkload,
    onLeave: me.onLeave,
    message: me.message.message,
  });
}

export default function Home() {
  const me = useLoaderData<typeof loader>();
  const label = workloadLabel(me.currentWorkload, me.onLeave);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
      <p className="text-sm text-slate-500">Welcome back</p>
      <section aria-labelledby="profile-heading" className="mt-4 flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <Avatar name={me.name} src={me.picture} size="lg" />
        <div className="min-w-0">
          <h1 id="profile-heading" className="truncate text-xl font-semibold text-slate-900">
            {me.name}
          </h1>
          {me.title ? <p className="truncate text-sm text-slate-600">{me.title}</p> : null}
          <p className="truncate text-sm text-slate-500" data-testid="team">
            {me.team || "No group or office"}
          </p>
        </div>
      </section>

      <section aria-labelledby="workload-heading" className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="workload-heading" className="text-sm font-medium text-slate-500">
          Current workload
        </h2>
        <p className="mt-3 flex items-center gap-3 text-lg font-semibold text-slate-900" data-testid="current-workload">
          <span className={clsx("h-4 w-4 rounded-full", workloadColorClass(me.currentWorkload, me.onLeave))} aria-hidden="true" />
          {label}
        </p>
        {me.message ? <p className="mt-2 text-sm text-slate-600">“{me.message}”</p> : null}
      </section>
    </div>
  );
}
