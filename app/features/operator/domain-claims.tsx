import { useFetcher } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { Hidden } from "~/components/hidden-fields";
import { useT, type MessageKey } from "~/lib/i18n/i18n";

export interface DomainClaim {
  domain: string;
  state: "pending" | "verified" | "failed";
  verifiedBy: string | null;
  record: string;
  checkError: string | null;
  companyName: string;
  claimedAt: string;
}

interface Reply {
  status?: "success" | "error";
  message?: string;
  error?: Record<string, string[] | null> | null;
}

const STATE_TEXT: Record<DomainClaim["state"], MessageKey> = {
  pending: "operator.claims.pending",
  failed: "operator.claims.failed",
  verified: "operator.claims.verified",
};

/** Between the firm and the claim's state: a mark, the same in every language. */
const SEPARATOR = " · ";

/**
 * The firms' claimed e-mail domains (decision 0250): the ones still waiting first. An operator
 * who has checked ownership another way approves a claim; an approval can be withdrawn.
 */
export function DomainClaims({ claims }: { claims: DomainClaim[] }) {
  const t = useT();
  const waiting = claims.filter((claim) => claim.state !== "verified").length;
  return (
    <section aria-labelledby="domain-claims-heading" className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id="domain-claims-heading" className="text-sm font-semibold text-slate-900">
          {t("operator.claims.title")} <span className="font-normal text-slate-500">{t("operator.claims.waiting", { count: waiting })}</span>
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("operator.claims.intro")}</p>
      </div>
      {claims.length ? (
        <ul className="divide-y divide-slate-100">
          {claims.map((claim) => (
            <ClaimRow key={claim.domain} claim={claim} />
          ))}
        </ul>
      ) : (
        <p className="px-4 py-3 text-sm text-slate-500">{t("operator.claims.none")}</p>
      )}
    </section>
  );
}

function ClaimRow({ claim }: { claim: DomainClaim }) {
  const t = useT();
  const fetcher = useFetcher<Reply>();
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = reply?.status === "error" ? (reply.error?.domain?.[0] ?? reply.error?.[""]?.[0]) : undefined;
  const byOperator = claim.verifiedBy === "operator";
  const state = claim.state === "verified" ? (byOperator ? t("operator.claims.byOperator") : t("operator.claims.byDns")) : t(STATE_TEXT[claim.state]);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-4 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium break-all text-slate-900">{claim.domain}</p>
        <p className="text-slate-600">
          {claim.companyName}
          {SEPARATOR}
          <span className={claim.state === "verified" ? "text-green-700" : "text-amber-800"}>{state}</span>
        </p>
        {claim.state !== "verified" && claim.checkError ? <p className="break-words text-slate-500">{claim.checkError}</p> : null}
        <Alert message={error} className="mt-2" />
      </div>
      {claim.state !== "verified" || byOperator ? (
        <fetcher.Form method="post">
          <Hidden values={{ intent: "approveDomain", domain: claim.domain, approved: String(!byOperator) }} />
          <Button type="submit" variant={byOperator ? "secondary" : "primary"} disabled={fetcher.state !== "idle"} className="px-3 py-1.5">
            {byOperator ? t("operator.claims.withdraw") : t("operator.claims.approve")}
            <span className="sr-only"> {claim.domain}</span>
          </Button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}
