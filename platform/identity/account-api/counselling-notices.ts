import * as z from "zod";
import { relayNotices, startNoticeRelay, type NoticeFeed, type ResultsNoticeDeps } from "./results-notice-relay.ts";

/**
 * Every request to talk to a genetic counsellor is acknowledged by e-mail to the participant's own
 * address. The results service keeps the requests (and hands them to the counselling team); this
 * sender takes the ones not yet acknowledged, e-mails each once and says so. The e-mail names no
 * report and no result: only that a request was received, and a link to sign in.
 */

const NoticeSchema = z.object({ id: z.string(), userId: z.string(), language: z.enum(["en", "es"]), at: z.string() });

export type CounsellingNoticeDeps = ResultsNoticeDeps;

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

export const sendCounsellingNotices = (deps: CounsellingNoticeDeps) => relayNotices(deps, counsellingNotices);
export const startCounsellingNoticeSender = (deps: CounsellingNoticeDeps) => startNoticeRelay(deps, counsellingNotices);
