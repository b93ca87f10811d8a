import { buildOpenApiDocument } from "~/web/openapi.server";
import { defineApiRoute, endpoint } from "~/web/api.server";
import * as r1 from "./api.v2.account.$id.register";
import * as r2 from "./api.v2.account.$id.resend-invite";
import * as r3 from "./api.v2.account.login";
import * as rSecondFactor from "./api.v2.account.login.second-factor";
import * as r4 from "./api.v2.account.password";
import * as r5 from "./api.v2.account.reset-password";
import * as r6 from "./api.v2.account.set-password.$resetHash";
import * as r7 from "./api.v2.account.token.new";
import * as rHandoff from "./api.v2.account.handoff";
import * as r8 from "./api.v2.company.smtp-config";
import * as r9 from "./api.v2.company.test-smtp-config";
import * as r10 from "./api.v2.company";
import * as r11 from "./api.v2.forecast.$userId.$forecastId";
import * as r12 from "./api.v2.forecast.$userId";
import * as r13 from "./api.v2.forecast";
import * as r14 from "./api.v2.forecast.user.$userId";
import * as r15 from "./api.v2.group.$id";
import * as r16 from "./api.v2.group";
import * as r17 from "./api.v2.level-of-skill.$id";
import * as r18 from "./api.v2.level-of-skill";
import * as r19 from "./api.v2.notification-token.$id";
import * as r20 from "./api.v2.notification-token";
import * as r21 from "./api.v2.office.$id";
import * as r22 from "./api.v2.office";
import * as r23 from "./api.v2.project-category.$id";
import * as r24 from "./api.v2.project-category";
import * as r25 from "./api.v2.project-stage.$id";
import * as r26 from "./api.v2.project-stage";
import * as r27 from "./api.v2.users.$id.admin";
import * as r28 from "./api.v2.users.$id.move";
import * as r29 from "./api.v2.users.$id.profile-picture";
import * as r30 from "./api.v2.users.$id";
import * as r31 from "./api.v2.users.$id.uncompleted";
import * as r32 from "./api.v2.users.$id.workload-history";
import * as r33 from "./api.v2.users.filtered";
import * as r34 from "./api.v2.users.filteredIds";
import * as r35 from "./api.v2.users.me";
import * as r36 from "./api.v2.users.multiple";
import * as r37 from "./api.v2.users";
import * as r38 from "./api.v2.vacation.$userId.$vacationId";
import * as r39 from "./api.v2.vacation.$userId";
import * as r40 from "./api.v2.workload-history.$scope.$id.$days";
import * as r41 from "./api.v2.workload.$type";
import * as r42 from "./api.v2.workload.message";
import * as r43 from "./api.v2.workload.refresh";
import * as r44 from "./api.v2.workplace-forecast.$index";
import * as r45 from "./api.v2.workplace-history.$scope.$id.$days";
import * as r46 from "./api.v2.realtime.ticket";
import * as entraTenant from "./api.v2.azure-ad.tenant";
import * as entraSignInWithCode from "./api.v2.azure-ad.sign-in-with-code";
import * as entraSignInWithToken from "./api.v2.azure-ad.sign-in-with-token";
import * as entraUsers from "./api.v2.azure-ad.users";
import * as entraCustomSetup from "./api.v2.azure-ad.custom-setup";
import * as h12Statistic from "./api.v2.statistic";
import * as h12UsageCompanies from "./api.v2.usage-stats.companies";
import * as h12InstallationShards from "./api.v2.installation.shards";
import * as h12OperatorMoves from "./api.v2.operator.moves";
import * as h12OperatorMoveStep from "./api.v2.operator.moves.$id.step";
import * as h12OperatorMoveCancel from "./api.v2.operator.moves.$id.cancel";
import * as h12UsageReport from "./api.v2.usage-stats.report";
import * as h12UsageCompany from "./api.v2.usage-stats.company.$id";
import * as r47 from "./api.v2.elite-3e.detailed-report";
import * as r48 from "./api.v2.elite-3e.utilization-report";
import * as r49 from "./api.v2.matter.comment";
import * as r50 from "./api.v2.matter.comment.$userId";
import * as r51 from "./api.v2.matter.manager";
import * as r52 from "./api.v2.company.elite-3e";
import * as r53 from "./api.v2.matter.confidential";
import * as comp47 from "./api.v2.competences";
import * as comp48 from "./api.v2.competences.$id";
import * as comp49 from "./api.v2.competences.$id.users";
import * as comp50 from "./api.v2.competences.$id.user.$userId";
import * as comp51 from "./api.v2.skill";
import * as comp52 from "./api.v2.skill.$id";
import * as comp53 from "./api.v2.users.staffing";
import * as comp54 from "./api.v2.company.cv-service";
import * as comp55 from "./api.v2.company.cv-service.import";
import * as p0 from "./api.v2.project";
import * as p1 from "./api.v2.project.filtered";
import * as p2 from "./api.v2.project.$id";
import * as p3 from "./api.v2.project.$id.archive";
import * as p4 from "./api.v2.project.$id.unarchive";
import * as p5 from "./api.v2.project.$id.users";
import * as p6 from "./api.v2.project.$id.user.$userId";
import * as p7 from "./api.v2.project-time-report.$projectId";
import * as p8 from "./api.v2.project-time-report.$projectId.$id";
import * as p9 from "./api.v2.project-invoice.$projectId";
import * as p10 from "./api.v2.project-invoice.$projectId.$id";
import * as p11 from "./api.projectsSummary.$ids.report[.]xlsx";
import * as sso1 from "./api.v2.company.sso-config";
import * as sso2 from "./api.v2.company.$id.sso";
import * as sso3 from "./api.v2.company.$id.sso.login";
import * as sso4 from "./api.v2.company.$id.sso.metadata";
import * as sso5 from "./api.v2.account.login-route";
import * as sso6 from "./api.v2.company.scim-token";
import * as sso7 from "./api.v2.company.scim-token.$id";
import * as sso8 from "./api.v2.company.sso-config.check";
import * as tf1 from "./api.v2.company.second-factor-policy";
import * as tf2 from "./api.v2.users.$id.second-factors";
import * as erase from "./api.v2.users.$id.erase";
import * as wp1 from "./api.v2.web-push-subscription";
import * as wp2 from "./api.v2.web-push-subscription.$id";

/**
 * Every /api/v2 route file, by name: the OpenAPI document lists each (tests/workerd/openapi.test.ts
 * fails when a route file is missing here, as the access matrix does).
 */
const routes: Record<string, { endpoints: Parameters<typeof buildOpenApiDocument>[0][string]["endpoints"] }> = {
  "api.v2.account.$id.register": r1,
  "api.v2.account.$id.resend-invite": r2,
  "api.v2.account.login": r3,
  "api.v2.account.login.second-factor": rSecondFactor,
  "api.v2.account.password": r4,
  "api.v2.account.reset-password": r5,
  "api.v2.account.set-password.$resetHash": r6,
  "api.v2.account.token.new": r7,
  "api.v2.account.handoff": rHandoff,
  "api.v2.company.smtp-config": r8,
  "api.v2.company.test-smtp-config": r9,
  "api.v2.company": r10,
  "api.v2.forecast.$userId.$forecastId": r11,
  "api.v2.forecast.$userId": r12,
  "api.v2.forecast": r13,
  "api.v2.forecast.user.$userId": r14,
  "api.v2.group.$id": r15,
  "api.v2.group": r16,
  "api.v2.level-of-skill.$id": r17,
  "api.v2.level-of-skill": r18,
  "api.v2.notification-token.$id": r19,
  "api.v2.notification-token": r20,
  "api.v2.office.$id": r21,
  "api.v2.office": r22,
  "api.v2.project-category.$id": r23,
  "api.v2.project-category": r24,
  "api.v2.project-stage.$id": r25,
  "api.v2.project-stage": r26,
  "api.v2.project": p0,
  "api.v2.project.filtered": p1,
  "api.v2.project.$id": p2,
  "api.v2.project.$id.archive": p3,
  "api.v2.project.$id.unarchive": p4,
  "api.v2.project.$id.users": p5,
  "api.v2.project.$id.user.$userId": p6,
  "api.v2.project-time-report.$projectId": p7,
  "api.v2.project-time-report.$projectId.$id": p8,
  "api.v2.project-invoice.$projectId": p9,
  "api.v2.project-invoice.$projectId.$id": p10,
  "api.projectsSummary.$ids.report[.]xlsx": p11,
  "api.v2.users.$id.admin": r27,
  "api.v2.users.$id.move": r28,
  "api.v2.users.$id.profile-picture": r29,
  "api.v2.users.$id": r30,
  "api.v2.users.$id.uncompleted": r31,
  "api.v2.users.$id.workload-history": r32,
  "api.v2.users.filtered": r33,
  "api.v2.users.filteredIds": r34,
  "api.v2.users.me": r35,
  "api.v2.users.multiple": r36,
  "api.v2.users": r37,
  "api.v2.vacation.$userId.$vacationId": r38,
  "api.v2.vacation.$userId": r39,
  "api.v2.workload-history.$scope.$id.$days": r40,
  "api.v2.workload.$type": r41,
  "api.v2.workload.message": r42,
  "api.v2.workload.refresh": r43,
  "api.v2.workplace-forecast.$index": r44,
  "api.v2.workplace-history.$scope.$id.$days": r45,
  "api.v2.realtime.ticket": r46,
  "api.v2.azure-ad.tenant": entraTenant,
  "api.v2.azure-ad.sign-in-with-code": entraSignInWithCode,
  "api.v2.azure-ad.sign-in-with-token": entraSignInWithToken,
  "api.v2.azure-ad.users": entraUsers,
  "api.v2.azure-ad.custom-setup": entraCustomSetup,
  "api.v2.statistic": h12Statistic,
  "api.v2.usage-stats.companies": h12UsageCompanies,
  "api.v2.installation.shards": h12InstallationShards,
  "api.v2.operator.moves": h12OperatorMoves,
  "api.v2.operator.moves.$id.step": h12OperatorMoveStep,
  "api.v2.operator.moves.$id.cancel": h12OperatorMoveCancel,
  "api.v2.usage-stats.report": h12UsageReport,
  "api.v2.usage-stats.company.$id": h12UsageCompany,
  "api.v2.elite-3e.detailed-report": r47,
  "api.v2.elite-3e.utilization-report": r48,
  "api.v2.matter.comment": r49,
  "api.v2.matter.comment.$userId": r50,
  "api.v2.matter.manager": r51,
  "api.v2.company.elite-3e": r52,
  "api.v2.matter.confidential": r53,
  "api.v2.competences": comp47,
  "api.v2.competences.$id": comp48,
  "api.v2.competences.$id.users": comp49,
  "api.v2.competences.$id.user.$userId": comp50,
  "api.v2.skill": comp51,
  "api.v2.skill.$id": comp52,
  "api.v2.users.staffing": comp53,
  "api.v2.company.cv-service": comp54,
  "api.v2.company.cv-service.import": comp55,
  "api.v2.company.sso-config": sso1,
  "api.v2.company.$id.sso": sso2,
  "api.v2.company.$id.sso.login": sso3,
  "api.v2.company.$id.sso.metadata": sso4,
  "api.v2.account.login-route": sso5,
  "api.v2.company.scim-token": sso6,
  "api.v2.company.scim-token.$id": sso7,
  "api.v2.company.sso-config.check": sso8,
  "api.v2.company.second-factor-policy": tf1,
  "api.v2.users.$id.second-factors": tf2,
  "api.v2.users.$id.erase": erase,
  "api.v2.web-push-subscription": wp1,
  "api.v2.web-push-subscription.$id": wp2,
};

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "This document: OpenAPI 3.1 for /api/v2.",
    auth: "public",
    run: async ({ request }) => buildOpenApiDocument({ ...routes, "api.v2.openapi[.]json": { endpoints } }, new URL("/", request.url).origin),
  }),
});
