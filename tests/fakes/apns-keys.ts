/**
 * Throwaway APNs provider keys (P-256, made with `openssl genpkey -algorithm EC -pkeyopt
 * ec_paramgen_curve:P-256`), never used outside `wrangler dev` and the tests: the app signs with
 * DEV_APNS_PRIVATE_KEY (the PKCS#8 body of a .p8 file, as Apple hands it out), the loopback APNs
 * (tests/fakes/apns-fake.ts) verifies with DEV_APNS_PUBLIC_KEY; OTHER_APNS_PRIVATE_KEY is a
 * stranger's key for forged tokens. scripts/apns-vars.sh reads these lines.
 */
export const DEV_APNS_KEY_ID = "DEVKEY0001";
export const DEV_APNS_TEAM_ID = "DEVTEAM001";
export const DEV_APNS_TOPIC = "test.availability.ios";
export const DEV_APNS_PRIVATE_KEY =
  "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgClhg7ynwudkoqnBKOhVRWg2FjUK2pVUS3xe8UtOqtv2hRANCAAT4J49dyyWEEjhNetfu2ACzi/Sh8XHLVvtQBNV13EEQsf2K3JxoMWT1JpWjWuxsQdIHQqrRlxV85lWCN7BYyzGx";
export const DEV_APNS_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE+CePXcslhBI4TXrX7tgAs4v0ofFx
y1b7UATVddxBELH9itycaDFk9SaVo1rsbEHSB0Kq0ZcVfOZVgjewWMsxsQ==
-----END PUBLIC KEY-----`;
export const OTHER_APNS_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgNVTREdDg8/GrCcmh
DYX+9hf0RtpXIh3wUOvKB/tRl0yhRANCAAQfsR0+f7OEAn2o9WGgP+Ad87UMaLAK
HHqC9N59g6bIYrJjm+p2ovCb0s0pS99LCRrCmkS4dWJCIAZsOSKGAQlh
-----END PRIVATE KEY-----`;
