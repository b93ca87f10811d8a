import type { TestProject } from "vitest/node";
import { startFakeIdp } from "../fakes/saml-idp-server";
import { startFakeSmtp } from "../fakes/smtp-server";

/** Runs in Node before the workerd tests: a real SMTP server on loopback for the mail tests, and the loopback SAML IdP. */
export default async function setup(project: TestProject) {
  const smtp = await startFakeSmtp();
  project.provide("smtpPort", smtp.smtpPort);
  project.provide("smtpControlPort", smtp.httpPort);
  // The loopback SAML identity provider (tests/fakes/saml-idp-server.ts) for the SSO round trips.
  const idp = await startFakeIdp();
  project.provide("samlIdpUrl", idp.url);
  return async () => {
    await idp.close();
    await smtp.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    smtpPort: number;
    smtpControlPort: number;
    samlIdpUrl: string;
  }
}
