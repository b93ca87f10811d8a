import type { TestProject } from "vitest/node";
import { startFakeSmtp } from "../fakes/smtp-server";

/** Runs in Node before the workerd tests: a real SMTP server on loopback for the mail tests. */
export default async function setup(project: TestProject) {
  const smtp = await startFakeSmtp();
  project.provide("smtpPort", smtp.smtpPort);
  project.provide("smtpControlPort", smtp.httpPort);
  return () => smtp.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    smtpPort: number;
    smtpControlPort: number;
    /** The loopback Microsoft Entra ID and Graph (started in vitest.config.ts). */
    entraUrl: string;
  }
}
