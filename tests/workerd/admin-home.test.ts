import { describe, expect, it } from "vitest";
import { cookieFor, createCompany, page } from "./helpers";

/**
 * Issue 27, item 21: an administrator's /home was a disabled week widget and two 'No data'
 * workload cards, with 'Forecasts' and 'Absence planning' side by side like copies. Now what an
 * administrator cannot fill in is left out while it holds nothing, one note says why and where
 * to go, and each team button has its own icon and description.
 */
async function home(email: string) {
  const response = await page("/home", { headers: { Cookie: await cookieFor(email) } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("an administrator's home", () => {
  it("shows no empty 'No data' cards or disabled week, but one note with where to go", async () => {
    const firm = await createCompany("Admin Home Firm");
    const admin = await firm.createUser("administrator");
    const html = await home(admin.email);
    expect(html).not.toContain("Current workload");
    expect(html).not.toContain("Future workload");
    expect(html).not.toContain("No data");
    expect(html).not.toContain("Administrators do not plan a work week");
    expect(html).toContain("Your team at a glance");
    expect(html).toContain('href="/overview"');
    expect(html).toContain('href="/find-people"');
  });

  it("tells 'Forecasts' from 'Absence planning' by a description each", async () => {
    const firm = await createCompany("Admin Buttons Firm");
    const admin = await firm.createUser("administrator");
    const html = await home(admin.email);
    const described = (label: string) => {
      const button = html.match(
        new RegExp(`<button[^>]*aria-describedby="([^"]+)"[^>]*>(?:(?!</button>).)*?${label}(?:(?!</button>).)*</button>`, "s"),
      );
      expect(button, label).not.toBeNull();
      const description = html.match(new RegExp(`id="${button![1]}"[^>]*>([^<]+)<`))![1];
      return description;
    };
    const forecasts = described("Forecasts");
    const absence = described("Absence planning");
    expect(forecasts).toBe("Everyone&#x27;s workload forecasts, week by week");
    expect(absence).toBe("Who is away when: leave, trips and time off");
  });

  it("keeps an employee's own workload cards", async () => {
    const firm = await createCompany("Employee Home Firm");
    const person = await firm.createUser("employee");
    const html = await home(person.email);
    expect(html).toContain("Current workload");
    expect(html).toContain("Future workload");
    expect(html).not.toContain("Your team at a glance");
  });
});
