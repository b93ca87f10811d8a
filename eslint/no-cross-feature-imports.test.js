// The rule's own cases: `node --test eslint/*.test.js` (part of `npm run lint`).
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import rule from "./no-cross-feature-imports.js";

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

const projects = "/repo/app/features/projects/project-settings.tsx";
const planner = "/repo/app/features/planner/planner-editor.tsx";
const component = "/repo/app/components/confirm-form.tsx";
const route = "/repo/app/routes/_app.groups/route.tsx";

tester.run("no-cross-feature-imports", rule, {
  valid: [
    // Within one area, and down into components, domain and lib.
    {
      filename: projects,
      code: `import { ProjectStageField } from "./project-fields"; import { formatDay } from "~/features/projects/project-widgets";`,
    },
    {
      filename: projects,
      code: `import { DeleteButton } from "~/components/confirm-form"; import { projectSchema } from "~/domain/projects/project.schema";`,
    },
    { filename: planner, code: `import { blockedDays } from "~/components/day-picker"; import type { Item } from "./planner-bars";` },
    // A page composes the areas it shows.
    {
      filename: route,
      code: `import { GroupForm } from "~/features/company/catalog-forms"; import { UserEditForm } from "~/features/users/user-dialogs";`,
    },
    // Components use each other.
    { filename: component, code: `import { Button } from "./button"; import { Hidden } from "~/components/hidden-fields";` },
    // An area whose name starts like another's is still itself.
    { filename: "/repo/app/features/users/user-admin-ui.tsx", code: `import { TeamForm } from "../users/user-dialogs";` },
  ],
  invalid: [
    // Issue 25: projects used the company's forms, the planner the dashboard's day picker.
    {
      filename: projects,
      code: `import { DeleteButton, Hidden } from "~/features/company/catalog-forms";`,
      errors: [{ messageId: "otherFeature", data: { area: "projects", other: "company", source: "~/features/company/catalog-forms" } }],
    },
    { filename: planner, code: `import { formatRange } from "../dashboard/day-picker";`, errors: [{ messageId: "otherFeature" }] },
    // Types couple areas too.
    { filename: planner, code: `import type { ForecastInput } from "~/features/dashboard/forecast-form";`, errors: [{ messageId: "otherFeature" }] },
    { filename: planner, code: `export { formatRange } from "~/features/dashboard/day-picker";`, errors: [{ messageId: "otherFeature" }] },
    { filename: planner, code: `const Strip = lazy(() => import("~/features/dashboard/forecast-strip"));`, errors: [{ messageId: "otherFeature" }] },
    // Components sit below features and routes.
    {
      filename: component,
      code: `import { SelectField } from "~/features/accounts/select-field";`,
      errors: [{ messageId: "componentUp", data: { layer: "features", source: "~/features/accounts/select-field" } }],
    },
    { filename: component, code: `import type { loader } from "../routes/_app.home/route";`, errors: [{ messageId: "componentUp" }] },
  ],
});
