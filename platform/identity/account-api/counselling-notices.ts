import * as z from "zod";
import { relayNotices, startNoticeRelay, type NoticeFeed, type ResultsNoticeDeps } from "./results-notice-relay.ts";

/**
 * Each request to talk to a genetic counsellor (kept by the results service) is acknowledged once by e-mail to the
 * participant's own address: that it was received and a link to sign in, never a report or a result.
 */

const NoticeSchema = z.object({ id: z.string(), userId: z.string(), language: z.enum(["en", "es"]), at: z.string() });

const counsellingNotices: NoticeFeed<z.infer<typeof NoticeSchema>> = {
  name: "counselling-notices",
  schema: NoticeSchema,
  email: (notice, t, portal) => ({
    subject: t("email.counselling.receivedSubject"),
    body: t("email.counselling.receivedBody"),
    link: `${portal}/counselling`,
    dedupeKey: `counselling-request:${notice.id}`,
  }),
};

export const sendCounsellingNotices = (deps: ResultsNoticeDeps) => relayNotices(deps, counsellingNotices);
export const startCounsellingNoticeSender = (deps: ResultsNoticeDeps) => startNoticeRelay(deps, counsellingNotices);
