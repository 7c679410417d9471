import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsSettingsFrom } from "../../../platform/identity/phone/sms-settings.ts";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import { startTwilioApi, type TwilioApi } from "../../support/twilio-api.ts";
import { accountApiAt, createTestClock, emailsTo, latestCode, participants, startTestService, tokensFor } from "./support.ts";

/**
 * The account API's code for a step-up goes to the text provider (the local Twilio API) before the
 * answer, which says how its delivery went: refused at once (a STOP-ed or invalid number), or handed
 * over and, once the provider's signed status callback has reported it, undelivered. The portal reads
 * it again with `verification-delivery`. Never the number.
 */
let api: TwilioApi;
let idp: RunningIdentityService;
const accountApi = accountApiAt(() => idp.url);
const [ada, , , katherine, hedy] = participants;
if (!ada || !katherine || !hedy) throw new Error("the test participants are missing");

beforeAll(async () => {
  api = await startTwilioApi();
  const { settings, problems } = smsSettingsFrom("development", {
    SMS_TRANSPORT: "twilio",
    TWILIO_ACCOUNT_SID: api.accountSid,
    TWILIO_AUTH_TOKEN: api.authToken,
    TWILIO_FROM_NUMBER: "+15017122661",
    TWILIO_VOICE_FROM_NUMBER: "+15017122661",
    TWILIO_API_URL: api.url,
  });
  expect(problems).toEqual([]);
  idp = await startTestService(createTestClock().now, { sms: settings });
}, 60_000);

afterAll(async () => {
  await idp?.close();
  await api?.close();
});

describe("a step-up code's delivery, as the account API reports it", () => {
  it("a STOP-ed number: the answer already says the text was refused, and why; a call instead is handed over", async () => {
    const { tokens } = await tokensFor(idp.url, ada);
    api.script(ada.phone!, "21610");
    const sent = await accountApi("send-verification-code", tokens.access_token, { purpose: "factors", authMethod: "sms" });
    expect(sent.status).toBe(200);
    expect(sent.body.delivery).toEqual({ channel: "sms", state: "failed", refusal: "opted-out" });
    expect(JSON.stringify(sent.body.delivery)).not.toContain(ada.phone!.slice(-4));
    expect(await accountApi("verification-delivery", tokens.access_token, { purpose: "factors" })).toEqual({
      status: 200,
      body: { status: "PENDING", delivery: { channel: "sms", state: "failed", refusal: "opted-out" } },
    });
    // No resend lock after a text that never went: a call at once.
    const call = await accountApi("send-verification-code", tokens.access_token, { purpose: "factors", authMethod: "voice" });
    expect(call.status).toBe(200);
    expect(call.body.delivery).toMatchObject({ channel: "voice", state: expect.stringMatching(/^(sent|delivered)$/), refusal: null });
    // Another purpose of the same session has its own flow: nothing sent for it.
    expect((await accountApi("verification-delivery", tokens.access_token, { purpose: "withdrawal" })).body.delivery).toBeNull();
  });

  it("an invalid number: refused at once as not a working number", async () => {
    const { tokens } = await tokensFor(idp.url, katherine);
    api.script(katherine.phone!, "21211");
    const sent = await accountApi("send-verification-code", tokens.access_token, { purpose: "factors", authMethod: "sms" });
    expect(sent.body.delivery).toEqual({ channel: "sms", state: "failed", refusal: "invalid-number" });
  });

  it("a text the provider reports undelivered later: handed over first, undelivered once its callback came", async () => {
    const { tokens } = await tokensFor(idp.url, hedy);
    api.script(hedy.phone!, "undelivered");
    const sent = await accountApi("send-verification-code", tokens.access_token, { purpose: "withdrawal", authMethod: "sms" });
    expect(sent.body.delivery).toMatchObject({ channel: "sms", state: "sent" });
    await expect
      .poll(async () => (await accountApi("verification-delivery", tokens.access_token, { purpose: "withdrawal" })).body.delivery, {
        timeout: 10_000,
      })
      .toEqual({ channel: "sms", state: "undelivered", refusal: null });
    expect(api.callbacks.every((callback) => callback.status === 200 || callback.status === 204)).toBe(true);
  });

  it("a new phone number the provider refuses: the change's first step answers why, and the number can be corrected at once", async () => {
    const { tokens } = await tokensFor(idp.url, ada);
    const token = tokens.access_token;
    expect((await accountApi("send-verification-code", token, { purpose: "factors", authMethod: "sms" })).status).toBe(200);
    const fresh = await latestCode(idp.url, ada.phone!);
    expect((await accountApi("verify-code", token, { purpose: "factors", code: fresh.code })).status).toBe(200);
    const [wrong, right] = ["+15555557311", "+15555557312"];
    api.script(wrong, "21211");
    const mailsBefore = (await emailsTo(idp.url, ada.email)).length;

    const refused = await accountApi("phone-change-start", token, { phone: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      status: "FAILURE",
      errorCode: "phoneNotReached",
      delivery: { channel: "sms", state: "failed", refusal: "invalid-number" },
    });
    expect(JSON.stringify(refused.body)).not.toContain("7311");
    // Nothing started: no e-mail about a change, no code to confirm.
    expect((await emailsTo(idp.url, ada.email)).length).toBe(mailsBefore);
    expect((await accountApi("phone-change-confirm", token, { code: "123456" })).body.errorCode).toBe("noVerification");

    // Corrected at once (no resend lock for a text that never went), the code goes out.
    const started = await accountApi("phone-change-start", token, { phone: right });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ nextStep: "confirm-phone", delivery: { channel: "sms", refusal: null } });
    expect((await latestCode(idp.url, right)).purpose).toBe("enrol");
  });

  it("an unknown purpose is a 400", async () => {
    const { tokens } = await tokensFor(idp.url, ada);
    expect((await accountApi("verification-delivery", tokens.access_token, { purpose: "anything" })).status).toBe(400);
  });
});
