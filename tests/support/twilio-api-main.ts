import { startTwilioApi } from "./twilio-api.ts";

/**
 * The local Twilio API as a process of its own (the end-to-end stack and rehearsals start it):
 * TWILIO_TEST_PORT, TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN say where it listens and which
 * credentials it takes; the identity service is pointed at it with TWILIO_API_URL.
 */
const api = await startTwilioApi({
  port: Number(process.env.TWILIO_TEST_PORT ?? 4010),
  accountSid: process.env.TWILIO_ACCOUNT_SID,
  authToken: process.env.TWILIO_AUTH_TOKEN,
});
console.log(`local Twilio API listening on ${api.url}`);
const stop = () => void api.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
