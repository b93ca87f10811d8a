import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { ConfirmForm } from "~/components/confirm-form";
import { GroupForm, NameForm, SkillLevelForm, StageForm } from "~/features/company/catalog-form-loaders";
import { AddButton, DialogButton, Highlight, ListBlock, matchesSearch, RowIconButton } from "~/components/list-block";
import { Icon } from "~/components/icon";
import { SearchInput } from "~/components/search-input";
import { CustomHtmlEditor } from "~/features/company/custom-html-editor";
import { SmtpConfigButton } from "~/features/company/smtp-config-dialog";
import { Elite3eButton } from "~/features/company/elite3e-dialog";
import { SsoConfigButton } from "~/features/company/sso-config-dialog";
import { CvServiceButton } from "~/features/company/cv-service-dialog";
import { TwoStepPolicyButton } from "~/features/company/two-step-policy-dialog";
import { HistoryRetentionButton } from "~/features/company/history-retention-dialog";
import { Button } from "~/components/button";
import { InviteForm } from "~/features/users/user-dialogs";
import { useRoleLabel } from "~/features/users/role-label";
import { DirectorySection } from "~/features/company/directory-connection";
import { useCleanLoginAddress } from "~/features/identity/microsoft-sign-in";
import { StepUpProvider } from "~/components/step-up-field";
import { loadCompanyPage, runCompanyPageAction } from "./company-page.server";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "company.pageTitle") }];

export const loader = (args: LoaderFunctionArgs) => loadCompanyPage(args);

export const action = (args: ActionFunctionArgs) => runCompanyPageAction(args);

export default function CompanyPage() {
  const company = useLoaderData<typeof loader>();
  const t = useT();
  const roleLabel = useRoleLabel();
  const [query, setQuery] = useState("");
  const { canManage } = company;
  // ?code=&state= (the consent and the custom setup) and an old ?tenant= leave the address once read.
  useCleanLoginAddress(["tenant", "admin_consent", "scope"]);

  const administrators = company.administrators.filter((admin) => matchesSearch(query, admin.name, admin.email));
  const groups = company.groups.filter((group) => matchesSearch(query, group.name, ...group.offices.map((office) => office.name)));
  const levels = company.skillLevels.filter((level) => matchesSearch(query, level.name));
  const stages = company.stages?.filter((stage) => matchesSearch(query, stage.name));
  const categories = company.categories?.filter((category) => matchesSearch(query, category.name));
  const empty = (text: string) => (query.trim() ? t("users.noMatches") : text);

  return (
    <StepUpProvider value={company.stepUp}>
      <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="min-w-0 text-2xl font-semibold break-words text-slate-900">{company.companyName}</h1>
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to="/users/all"
              className="inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
            >
              <Icon name="users" />
              {t("company.manageAllUsers")}
            </Link>
            <Link
              to="/activity"
              className="inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
            >
              <Icon name="activity" />
              {t("users.activity")}
            </Link>
            {company.smtp ? <SmtpConfigButton config={company.smtp} /> : null}
            {company.elite3e ? <Elite3eButton config={company.elite3e} /> : null}
            {company.sso ? <SsoConfigButton config={company.sso} /> : null}
            {company.cvService ? <CvServiceButton config={company.cvService} /> : null}
            {company.secondFactorPolicy ? <TwoStepPolicyButton policy={company.secondFactorPolicy} /> : null}
            {company.historyRetention ? (
              <HistoryRetentionButton months={company.historyRetention.months} today={company.historyRetention.today} />
            ) : null}
          </div>
        </div>

        {company.directory ? <DirectorySection directory={company.directory} choices={company.invite?.choices ?? null} /> : null}

        {company.customHtml ? <CustomHtmlEditor initialHtml={company.customHtml.html} me={company.me} /> : null}

        <SearchInput value={query} onChange={setQuery} label={t("company.search")} />

        <div className="mt-6 grid items-start gap-6 md:grid-cols-2">
          <ListBlock
            title={t("users.administrators")}
            empty={empty(t("company.noAdministrators"))}
            action={
              company.invite ? (
                <DialogButton title={t("users.invite.dialogTitle")} button={(open) => <Button onClick={open}>{t("users.invite.button")}</Button>}>
                  {(close) => (
                    <InviteForm
                      action="/users/all"
                      choices={company.invite!.choices}
                      defaultTeam={company.invite!.myTeam}
                      canInviteCompanyAdmin={company.invite!.canInviteCompanyAdmin}
                      onClose={close}
                    />
                  )}
                </DialogButton>
              ) : null
            }
          >
            {administrators.map((admin) => (
              <li key={admin._id} className="flex items-center justify-between gap-3 px-4 py-3">
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-slate-900">
                    <Highlight text={admin.name || admin.email} query={query} />
                  </span>
                  <span className="block truncate text-xs text-slate-500">
                    <Highlight text={admin.email} query={query} />
                  </span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1 text-xs">
                  <span className="text-slate-600">{roleLabel(admin)}</span>
                  {admin.completed ? null : (
                    <span className="rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-800 ring-1 ring-amber-200">
                      {t("users.badge.notCompleted")}
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ListBlock>

          <ListBlock
            title={t("company.groups")}
            empty={empty(t("company.noGroups"))}
            action={
              canManage ? (
                <DialogButton title={t("company.newGroup")} button={(open) => <AddButton what={t("company.kind.group")} onClick={open} />}>
                  {(close) => <GroupForm intent="createGroup" onClose={close} />}
                </DialogButton>
              ) : null
            }
          >
            {groups.map((group) => (
              <li key={group._id}>
                <Link
                  to={`/groups/${group._id}`}
                  className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50"
                >
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium text-slate-900">
                      <Highlight text={group.name} query={query} />
                    </span>
                    <span className="block truncate text-xs text-slate-500">
                      {group.offices.length ? (
                        <Highlight text={group.offices.map((office) => office.name).join(", ")} query={query} />
                      ) : (
                        t("company.noOffices")
                      )}
                    </span>
                  </span>
                  <Icon name="chevron" className="h-4 w-4 shrink-0 text-slate-400" />
                </Link>
              </li>
            ))}
          </ListBlock>

          <ListBlock
            title={t("company.skillLevels")}
            empty={empty(t("company.noSkillLevels"))}
            action={
              canManage ? (
                <DialogButton title={t("company.newSkillLevel")} button={(open) => <AddButton what={t("company.kind.skillLevel")} onClick={open} />}>
                  {(close) => <SkillLevelForm intent="createLevel" onClose={close} />}
                </DialogButton>
              ) : null
            }
          >
            {levels.map((level) => (
              <li key={level._id} className="flex items-center justify-between gap-3 px-4 py-2">
                <span className="min-w-0 py-1">
                  <span className="block truncate text-sm font-medium text-slate-900">
                    <Highlight text={level.name} query={query} />
                  </span>
                  <span className="block text-xs text-slate-500">{t("company.levelValue", { level: level.level })}</span>
                </span>
                {canManage ? (
                  <RowActions
                    name={level.name}
                    kind={t("company.kind.skillLevel")}
                    edit={(close) => <SkillLevelForm intent="updateLevel" level={level} onClose={close} />}
                    deleteIntent="deleteLevel"
                    id={level._id}
                  />
                ) : null}
              </li>
            ))}
          </ListBlock>

          {stages ? (
            <ListBlock
              title={t("company.stages")}
              empty={empty(t("company.noStages"))}
              action={
                canManage ? (
                  <DialogButton title={t("company.newStage")} button={(open) => <AddButton what={t("company.kind.stage")} onClick={open} />}>
                    {(close) => <StageForm intent="createStage" onClose={close} />}
                  </DialogButton>
                ) : null
              }
            >
              {stages.map((stage) => (
                <li key={stage._id} className="flex items-center justify-between gap-3 px-4 py-2">
                  <span className="flex min-w-0 items-center gap-3 py-1.5">
                    <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: `#${stage.color}` }} />
                    <span className="truncate text-sm font-medium text-slate-900">
                      <Highlight text={stage.name} query={query} />
                    </span>
                  </span>
                  {canManage ? (
                    <RowActions
                      name={stage.name}
                      kind={t("company.kind.stage")}
                      edit={(close) => <StageForm intent="updateStage" stage={stage} onClose={close} />}
                      deleteIntent="deleteStage"
                      id={stage._id}
                    />
                  ) : null}
                </li>
              ))}
            </ListBlock>
          ) : null}

          {categories ? (
            <ListBlock
              title={t("company.categories")}
              empty={empty(t("company.noCategories"))}
              action={
                canManage ? (
                  <DialogButton title={t("company.newCategory")} button={(open) => <AddButton what={t("company.kind.category")} onClick={open} />}>
                    {(close) => <NameForm intent="createCategory" submitLabel={t("common.save")} busyLabel={t("common.saving")} onClose={close} />}
                  </DialogButton>
                ) : null
              }
            >
              {categories.map((category) => (
                <li key={category._id} className="flex items-center justify-between gap-3 px-4 py-2">
                  <span className="truncate py-1.5 text-sm font-medium text-slate-900">
                    <Highlight text={category.name} query={query} />
                  </span>
                  {canManage ? (
                    <RowActions
                      name={category.name}
                      kind={t("company.kind.category")}
                      edit={(close) => (
                        <NameForm
                          intent="updateCategory"
                          id={category._id}
                          initialName={category.name}
                          submitLabel={t("common.save")}
                          busyLabel={t("common.saving")}
                          onClose={close}
                        />
                      )}
                      deleteIntent="deleteCategory"
                      id={category._id}
                    />
                  ) : null}
                </li>
              ))}
            </ListBlock>
          ) : null}
        </div>
      </div>
    </StepUpProvider>
  );
}

/** Edit and Delete buttons of a row, each with its dialog. */
function RowActions({
  name,
  kind,
  edit,
  deleteIntent,
  id,
}: {
  name: string;
  kind: string;
  edit: (close: () => void) => ReactNode;
  deleteIntent: string;
  id: string;
}) {
  const t = useT();
  return (
    <span className="flex shrink-0 items-center">
      <DialogButton
        title={t("company.editKind", { kind })}
        button={(open) => <RowIconButton icon="edit" label={t("company.editName", { name })} onClick={open} />}
      >
        {edit}
      </DialogButton>
      <DialogButton
        title={t("company.deleteKind", { kind })}
        button={(open) => <RowIconButton icon="trash" label={t("company.deleteName", { name })} onClick={open} />}
      >
        {(close) => (
          <ConfirmForm intent={deleteIntent} id={id} onClose={close}>
            <p>
              {t("company.delete.before")} <strong className="font-semibold text-slate-900">{name}</strong>
              {t("company.delete.after")}
            </p>
          </ConfirmForm>
        )}
      </DialogButton>
    </span>
  );
}
