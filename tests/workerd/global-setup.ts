import type { TestProject } from "vitest/node";
import { startFakeCvService } from "../fakes/cv-service";
import { startFakeIdp } from "../fakes/saml-idp-server";
import { startFakeSmtp } from "../fakes/smtp-server";
import { startFakeElite } from "../fakes/elite3e-server";
import { startFakeApns } from "../fakes/apns-fake";
import { startFakeWebPush } from "../fakes/web-push-fake";

/** Runs in Node before the workerd tests: a real SMTP server on loopback for the mail tests, and the loopback SAML IdP. */
export default async function setup(project: TestProject) {
  const smtp = await startFakeSmtp();
  project.provide("smtpPort", smtp.smtpPort);
  project.provide("smtpControlPort", smtp.httpPort);
  // A loopback Elite 3E for the import tests.
  const elite = await startFakeElite();
  project.provide("elitePort", elite.port);
  // A loopback CV service (CV Partner's JSON) for the CV import tests.
  const cv = await startFakeCvService();
  project.provide("cvServiceUrl", cv.url);
  // The loopback SAML identity provider (tests/fakes/saml-idp-server.ts) for the SSO round trips.
  const idp = await startFakeIdp();
  project.provide("samlIdpUrl", idp.url);
  // The loopback APNs (tests/fakes/apns-fake.ts) for the reminder pushes.
  const apns = await startFakeApns();
  project.provide("apnsUrl", apns.url);
  // The loopback Web Push service (tests/fakes/web-push-fake.ts) for the reminders to browsers.
  const webPush = await startFakeWebPush();
  project.provide("webPushUrl", webPush.url);
  return async () => {
    await apns.close();
    await webPush.close();
    await idp.close();
    await smtp.close();
    await elite.close();
    await cv.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    smtpPort: number;
    smtpControlPort: number;
    /** The loopback Microsoft Entra ID and Graph (started in vitest.config.ts). */
    entraUrl: string;
    elitePort: number;
    cvServiceUrl: string;
    samlIdpUrl: string;
    apnsUrl: string;
    /** The loopback Web Push service; subscriptions are made at /__control/subscriptions. */
    webPushUrl: string;
    /** The loopback DoH resolver's /dns-query (started in vitest.config.ts); records are loaded at /_fake/records. */
    dohUrl: string;
  }
}
