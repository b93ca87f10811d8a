import { describe, expect, it } from "vitest";
import { readCompanySettings } from "~/domain/company/settings.schema";
import { operatorCompanyUpdateSchema, TITLE_RANKING_MESSAGE } from "~/domain/operator/operator.schema";
import { sortUsers, titleComparator, type TableUser } from "~/features/users/user-table";
import { validate } from "~/domain/validation";

const person = (name: string, title: string) => ({ name, title, email: `${name.toLowerCase()}@firm.test` }) as TableUser;

describe("per-firm title ranking", () => {
  it("puts ranked titles first in the firm's order (case and spacing ignored), the rest alphabetically", () => {
    const compare = titleComparator(["Partner", "Counsel", "Associate"]);
    expect(["Paralegal", "associate ", "Counsel", "Analyst", "Partner"].sort(compare)).toEqual([
      "Partner",
      "Counsel",
      "associate ",
      "Analyst",
      "Paralegal",
    ]);
    expect(["Partner", "Associate", "Counsel"].sort(titleComparator([]))).toEqual(["Associate", "Counsel", "Partner"]);
  });

  it("sorts /users/all by it ascending and descending, ties by name", () => {
    const people = [person("Bo", "Associate"), person("Al", "Partner"), person("Cy", "Associate"), person("Di", "Trainee")];
    const ranking = ["Partner", "Associate"];
    expect(sortUsers(people, { key: "title", dir: "asc" }, ranking).map((p) => p.name)).toEqual(["Al", "Bo", "Cy", "Di"]);
    expect(sortUsers(people, { key: "title", dir: "desc" }, ranking).map((p) => p.name)).toEqual(["Di", "Bo", "Cy", "Al"]);
  });

  it("is a company setting: an empty list by default, set by the operator one title per line, bounded", () => {
    expect(readCompanySettings("{}").titleRanking).toEqual([]);
    const parsed = validate(operatorCompanyUpdateSchema, { name: "Firm", titleRanking: "Partner\n\n  Counsel \r\nPartner\nAssociate" });
    expect(parsed.titleRanking).toEqual(["Partner", "Counsel", "Associate"]);
    const tooMany = Array.from({ length: 101 }, (_, i) => `Title ${i}`).join("\n");
    expect(() => validate(operatorCompanyUpdateSchema, { name: "Firm", titleRanking: tooMany })).toThrow();
    try {
      validate(operatorCompanyUpdateSchema, { name: "Firm", titleRanking: tooMany });
    } catch (error) {
      expect((error as { errors: Record<string, string> }).errors.titleRanking).toBe(TITLE_RANKING_MESSAGE);
    }
  });
});
