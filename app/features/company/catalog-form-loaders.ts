import { lazy } from "react";

/**
 * The company catalog's dialog forms (catalog-forms.tsx: their schemas, with zod, and
 * conform), loaded when a dialog first opens rather than with the page (decision 0292).
 * Render them inside a Modal, whose Suspense shows "Loading..." until they are here.
 */
const forms = () => import("./catalog-forms");

export const GroupForm = lazy(() => forms().then((m) => ({ default: m.GroupForm })));
export const NameForm = lazy(() => forms().then((m) => ({ default: m.NameForm })));
export const TimeZoneForm = lazy(() => forms().then((m) => ({ default: m.TimeZoneForm })));
export const SkillLevelForm = lazy(() => forms().then((m) => ({ default: m.SkillLevelForm })));
export const StageForm = lazy(() => forms().then((m) => ({ default: m.StageForm })));
