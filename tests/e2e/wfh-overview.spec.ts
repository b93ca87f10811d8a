import { expect, test } from "@playwright/test";
import { login, waitForHydration } from "./fixtures";

const EMIL = "employee@demo.test";
const ADMIN = "admin@demo.test";

test("the WFH overview names every day in one vocabulary: the office's name, Home, Away, the firm's elsewhere label", async ({ page, browser }) => {
  // Emil (Stockholm, one office) plans his next four working days through the API.
  await login(page, EMIL);
  for (const [index, option] of [0, 1, 2, 3].entries()) {
    const response = await page.request.post(`/api/v2/workplace-forecast/${index}`, { data: { option, future: false } });
    expect(response.status(), `day ${index}`).toBeLessThan(300);
  }

  const colleague = await browser.newContext();
  const admin = await colleague.newPage();
  await login(admin, ADMIN);
  await admin.goto("/home");
  const opener = admin.getByRole("button", { name: "WFH Overview" });
  await waitForHydration(opener);
  await opener.click();
  const emil = admin.getByTestId("wfh-row").filter({ has: admin.getByText("Emil Employee", { exact: true }) });
  const cells = emil.locator("td");
  await expect(cells.nth(0)).toHaveText("Stockholm");
  await expect(cells.nth(1)).toHaveText("Home");
  await expect(cells.nth(2)).toHaveText("Away");
  await expect(cells.nth(3)).toHaveText("Court");

  // Nobody's day says a generic 'Office' or 'Absent': every seeded person has an office.
  const texts = await admin.getByTestId("wfh-row").locator("td").allInnerTexts();
  expect(texts.length).toBeGreaterThan(50);
  const allowed = new Set(["Stockholm", "Gothenburg", "Malmö", "Home", "Away", "Court", "Not set"]);
  expect(texts.map((t) => t.trim()).filter((t) => !allowed.has(t))).toEqual([]);
  await colleague.close();
});
