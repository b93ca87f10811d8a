import { fakeIdpPort, startFakeIdp } from "./saml-idp-server";

/** `npm start` and the Playwright server run the loopback SAML IdP beside wrangler dev. */
const { url } = await startFakeIdp(fakeIdpPort());
console.log(`[saml-idp] loopback identity provider on ${url}`);
