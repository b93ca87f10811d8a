import type { AccessEntry } from "./access-matrix";

/**
 * Competences, their members and skills (spec: planning.md, section 7). With the firm's
 * default settings every member may read, create and edit them and rate their own skill;
 * tests/workerd/competences.test.ts proves the narrower rules of disableCompetencesPriviligies
 * and disableCompetencesEditSelf. Each role deletes its own competence and skill.
 */
const ALL = ["employee", "observer", "administrator", "companyAdmin"] as AccessEntry["roles"];

export const competenceEntries: AccessEntry[] = [
  {
    file: "api.v2.competences.ts",
    method: "GET",
    path: (ids) => `/api/v2/competences?addToUser=${ids.userId}`,
    roles: ALL,
    scoped: true,
  },
  { file: "api.v2.competences.ts", method: "POST", path: () => "/api/v2/competences", roles: ALL, body: () => ({ name: "Matrix competence" }) },
  { file: "api.v2.competences.$id.ts", method: "GET", path: (ids) => `/api/v2/competences/${ids.competenceId}`, roles: ALL, scoped: true },
  {
    file: "api.v2.competences.$id.ts",
    method: "PUT",
    path: (ids) => `/api/v2/competences/${ids.competenceId}`,
    roles: ALL,
    scoped: true,
    body: () => ({ name: "Matrix competence renamed", parentId: null }),
  },
  {
    file: "api.v2.competences.$id.ts",
    method: "DELETE",
    path: (ids) => `/api/v2/competences/${ids.deletableCompetenceId}`,
    roles: ALL,
    scoped: true,
  },
  {
    file: "api.v2.competences.$id.users.ts",
    method: "POST",
    path: (ids) => `/api/v2/competences/${ids.competenceId}/users`,
    roles: ALL,
    scoped: true,
    body: (ids) => ({ userIds: [ids.userId] }),
  },
  {
    file: "api.v2.competences.$id.user.$userId.ts",
    method: "POST",
    path: (ids) => `/api/v2/competences/${ids.competenceId}/user/${ids.userId}`,
    roles: ALL,
    scoped: true,
  },
  {
    file: "api.v2.skill.ts",
    method: "POST",
    path: () => "/api/v2/skill",
    roles: ALL,
    scoped: true,
    body: (ids) => ({ competenceId: ids.competenceId, userId: ids.userId }),
  },
  {
    file: "api.v2.skill.$id.ts",
    method: "PUT",
    path: (ids) => `/api/v2/skill/${ids.skillId}`,
    roles: ALL,
    scoped: true,
    body: (ids) => ({ levelOfSkillId: ids.skillLevelId }),
  },
  { file: "api.v2.skill.$id.ts", method: "DELETE", path: (ids) => `/api/v2/skill/${ids.deletableSkillId}`, roles: ALL, scoped: true },
  // The CV service connection and its import: company admins only (decision 0112).
  { file: "api.v2.company.cv-service.ts", method: "GET", path: () => "/api/v2/company/cv-service", roles: ["companyAdmin"] },
  {
    file: "api.v2.company.cv-service.ts",
    method: "PUT",
    path: () => "/api/v2/company/cv-service",
    roles: ["companyAdmin"],
    body: () => ({ url: "https://matrix.cvpartner.com", key: "matrix-key" }),
  },
  { file: "api.v2.company.cv-service.ts", method: "DELETE", path: () => "/api/v2/company/cv-service", roles: ["companyAdmin"] },
  { file: "api.v2.company.cv-service.import.ts", method: "POST", path: () => "/api/v2/company/cv-service/import", roles: ["companyAdmin"] },
];
