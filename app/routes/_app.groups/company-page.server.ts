import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canAdministerCompany, isManager, isAdmin } from "~/auth/permissions";
import { requireUserWho } from "~/auth/session.server";
import {
  createGroup,
  createLevelOfSkill,
  createProjectCategory,
  createProjectStage,
  deleteLevelOfSkill,
  deleteProjectCategory,
  deleteProjectStage,
  listProjectCategories,
  listProjectStages,
  updateLevelOfSkill,
  updateProjectCategory,
  updateCompany,
  updateProjectStage,
} from "~/domain/company/catalog.server";
import {
  customHtmlUpdateSchema,
  historyRetentionUpdateSchema,
  groupUpsertSchema,
  levelOfSkillUpsertSchema,
  projectCategoryUpsertSchema,
  projectStageUpsertSchema,
} from "~/domain/company/catalog.schema";
import { getCompany } from "~/domain/company/company.server";
import { getCompanyOverview } from "~/domain/company/overview.server";
import { smtpConfigSchema, smtpResetSchema } from "~/domain/company/smtp.schema";
import { testSmtpConfig, updateSmtpConfig } from "~/domain/company/smtp.server";
import { getCvServiceStatus, importCvNow, removeCvService, saveCvService } from "~/domain/company/cv-import.server";
import { cvServiceSettingsSchema } from "~/domain/company/cv-service.schema";
import { eliteConfigSchema, getEliteConfig, updateEliteConfig } from "~/domain/matters/elite-config.server";
import { appOrigin } from "~/lib/app-origin.server";
import { ssoConfigSchema } from "~/domain/identity/sso/sso.schema";
import { getSsoConfig, updateSsoConfig } from "~/domain/identity/sso/sso.server";
import { clientIp } from "~/domain/identity/login.server";
import { stepUpState } from "~/domain/identity/reauth.server";
import { domainCtx } from "~/domain/context";
import { dayKey } from "~/lib/dates";
import { companyToday } from "~/domain/today";
import { submitForm } from "~/web/page-form.server";
import { profilePictureUrl } from "~/lib/profile-picture";
import { teamChoices } from "~/domain/users/team.server";
import { directoryStatus, removeTenant } from "~/domain/identity/directory/tenant.server";
import { multipleInviteSchema } from "~/domain/identity/invite.schema";
import { inviteUsers } from "~/domain/identity/invite.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { directoryReturn } from "./directory-return.server";
import { entraConfig } from "~/integrations/entra/config";
import { noFields, stepUpOnly } from "~/domain/schema-kit";
import { secondFactorPolicySchema } from "~/domain/identity/second-factor-policy.schema";
import { getSecondFactorPolicy, updateSecondFactorPolicy } from "~/domain/identity/second-factor-policy.server";

/** The company page's data: the lists, and for managers the mail server, the custom HTML and the invite dialog's choices. */
export async function loadCompanyPage({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUserWho(request, context, isAdmin);
  // ?tenant= and ?code=&state=custom_setup: back from Microsoft (redirects when it worked).
  const directoryError = await directoryReturn(context, request, actor);
  const ctx = domainCtx(context, actor);
  const { enableProjectStages, projectInvoicing } = actor.company.settings;
  const [overview, stages, categories] = await Promise.all([
    getCompanyOverview(ctx),
    enableProjectStages ? listProjectStages(ctx) : null,
    enableProjectStages && projectInvoicing ? listProjectCategories(ctx) : null,
  ]);
  const canManage = isManager(actor.user);
  const [company, choices] = canManage ? await Promise.all([getCompany(ctx), teamChoices(ctx)]) : [null, null];
  const { user } = actor;
  const showsDirectory = canAdministerCompany(user) && actor.company.settings.enableEntraUI && entraConfig(context.env) !== null;
  const [elite3e, cvService, secondFactorPolicy] = await Promise.all([
    canAdministerCompany(user) ? getEliteConfig(ctx) : null,
    canAdministerCompany(user) ? getCvServiceStatus(ctx) : null,
    canAdministerCompany(user) ? getSecondFactorPolicy(ctx) : null,
  ]);
  return json({
    /** Whether the settings dialogs ask for the password again (decision 0276): company admins only. */
    stepUp: canAdministerCompany(user) ? stepUpState(actor, new Date()) : null,
    elite3e,
    /** The CV service connection and how its import stands (company admins, decision 0112). */
    cvService,
    /** The two-step sign-in rule (company admins, decision 0298). */
    secondFactorPolicy,
    /** Months of raw history kept, null for ever (company admins, decision 0308). */
    historyRetention:
      company && canAdministerCompany(user)
        ? {
            months: company.historyRetentionMonths,
            // The firm's today, from which a shorter retention's cutoff is counted: the same day the admins' notice names.
            today: dayKey(companyToday(actor.company.settings, ctx.now)),
          }
        : null,
    /** The directory-connection section (company admins, enableEntraUI). */
    directory: showsDirectory ? { ...(await directoryStatus(ctx)), error: directoryError } : null,
    ...overview,
    stages,
    categories,
    canManage,
    smtp: company &&
      canAdministerCompany(user) && {
        smtpHost: company.smtpHost,
        smtpPort: company.smtpPort,
        smtpSender: company.smtpSender,
        smtpSecure: company.smtpSecure,
        smtpUser: company.smtpUser,
      },
    /** The SSO/SAML2 dialog's data (company admins, decision 0150). */
    sso: company && canAdministerCompany(user) ? await getSsoConfig(ctx, context.env, appOrigin(context.env, request)) : null,
    customHtml: company && canAdministerCompany(user) && actor.company.settings.enableCustomHtml ? { html: company.customHtml ?? "" } : null,
    me: { id: user.id, name: user.name, email: user.email, photoUrl: profilePictureUrl(user.profilePicture) },
    /** The Administrators block's Invite dialog (managers only); it posts to /users/all. */
    invite: choices && {
      choices,
      myTeam: user.groupId && user.officeId ? { groupId: user.groupId, officeId: user.officeId } : null,
      canInviteCompanyAdmin: user.companyAdmin,
    },
  });
}

/** Passwords (the SMTP server's, the step-up's) are never sent back in a reply, refused or saved. */
const SMTP_SECRETS = ["smtpPassword", "currentPassword"];

/** The company page's writes, one intent each, through the one form pipeline. */
export async function runCompanyPageAction({ request, context }: ActionFunctionArgs) {
  const actor = await requireUserWho(request, context, isAdmin);
  const ctx = domainCtx(context, actor);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  switch (form.get("intent")) {
    case "createGroup":
      return submitForm(form, groupUpsertSchema, (input) => createGroup(ctx, input));
    case "createLevel":
      return submitForm(form, levelOfSkillUpsertSchema, (input) => createLevelOfSkill(ctx, input));
    case "updateLevel":
      return submitForm(form, levelOfSkillUpsertSchema, (input) => updateLevelOfSkill(ctx, id, input));
    case "deleteLevel":
      return submitForm(form, noFields, () => deleteLevelOfSkill(ctx, id));
    case "createStage":
      return submitForm(form, projectStageUpsertSchema, (input) => createProjectStage(ctx, input));
    case "updateStage":
      return submitForm(form, projectStageUpsertSchema, (input) => updateProjectStage(ctx, id, input));
    case "deleteStage":
      return submitForm(form, noFields, () => deleteProjectStage(ctx, id));
    case "createCategory":
      return submitForm(form, projectCategoryUpsertSchema, (input) => createProjectCategory(ctx, input));
    case "updateCategory":
      return submitForm(form, projectCategoryUpsertSchema, (input) => updateProjectCategory(ctx, id, input));
    case "deleteCategory":
      return submitForm(form, noFields, () => deleteProjectCategory(ctx, id));
    case "updateHistoryRetention":
      return submitForm(form, historyRetentionUpdateSchema, (input) => updateCompany(ctx, input, { env: context.env, ip: clientIp(request) }), {
        hideFields: SMTP_SECRETS,
      });
    case "updateCustomHtml":
      return submitForm(form, customHtmlUpdateSchema, (input) => updateCompany(ctx, input, { env: context.env, ip: clientIp(request) }));
    case "updateSmtp":
      return submitForm(form, smtpConfigSchema, (input) => updateSmtpConfig(ctx, context.env, input, clientIp(request)), {
        hideFields: SMTP_SECRETS,
      });
    case "resetSmtp":
      return submitForm(
        form,
        smtpResetSchema,
        (input) => updateSmtpConfig(ctx, context.env, { smtpSecure: false, currentPassword: input.currentPassword }, clientIp(request)),
        { hideFields: SMTP_SECRETS },
      );
    case "removeTenant":
      return submitForm(form, stepUpOnly, (input) => removeTenant(ctx, context.env, input, clientIp(request)), { hideFields: SMTP_SECRETS });
    case "inviteFromDirectory":
      return submitForm(form, multipleInviteSchema, (input) => inviteUsers(ctx, mailerFor(context, request), input));
    case "updateElite3e":
      return submitForm(form, eliteConfigSchema, (input) => updateEliteConfig(ctx, context.env, input, clientIp(request)), {
        hideFields: ["clientSecret", "currentPassword"],
      });
    case "updateSso":
      return submitForm(form, ssoConfigSchema, (input) => updateSsoConfig(ctx, context.env, input, clientIp(request)), { hideFields: SMTP_SECRETS });
    case "updateCvService":
      return submitForm(form, cvServiceSettingsSchema, (input) => saveCvService(ctx, context.env, input, clientIp(request)), {
        hideFields: ["key", "currentPassword"],
      });
    case "importCv":
      return submitForm(form, noFields, () => importCvNow(ctx, context.env));
    case "removeCvService":
      return submitForm(form, stepUpOnly, (input) => removeCvService(ctx, context.env, input, clientIp(request)), { hideFields: SMTP_SECRETS });
    case "updateSecondFactorPolicy":
      return submitForm(
        form,
        secondFactorPolicySchema,
        (input) => updateSecondFactorPolicy(ctx, { env: context.env, ip: clientIp(request) }, input),
        {
          hideFields: SMTP_SECRETS,
        },
      );
    case "testSmtp":
      return submitForm(form, noFields, () => testSmtpConfig(ctx, context.env));
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}
