import * as z from "zod";
import type { translator } from "../pages/i18n.ts";
import { relayNotices, startNoticeRelay, type NoticeFeed, type ResultsNoticeDeps } from "./results-notice-relay.ts";

/**
 * Each share event (a report shared with a clinician, opened, revoked, locked) is e-mailed to the participant's own
 * address; the results service records them, as a clinician opens a share with no participant signed in.
 */

const NoticeSchema = z.object({
  id: z.string(),
  shareId: z.string(),
  userId: z.string(),
  kind: z.enum(["created", "viewed", "revoked", "locked"]),
  device: z.string().nullable(),
  at: z.string(),
  recipient: z.string(),
  language: z.enum(["en", "es"]),
});

const DEVICE_KINDS = ["phone", "tablet", "computer"] as const;

function deviceWords(t: ReturnType<typeof translator>, device: string | null): string {
  const [kind = "", browser] = (device ?? "").split(" · ");
  const known = DEVICE_KINDS.find((candidate) => candidate === kind);
  const words = known ? t(`email.share.device.${known}`) : kind;
  return browser ? `${words} (${browser})` : words;
}

const shareNotices: NoticeFeed<z.infer<typeof NoticeSchema>> = {
  name: "share-notices",
  schema: NoticeSchema,
  email(notice, t, portal) {
    const values = { recipient: notice.recipient, device: deviceWords(t, notice.device) };
    return {
      subject: t(`email.share.${notice.kind}Subject`, values),
      body: t(`email.share.${notice.kind}Body`, values),
      link: `${portal}/shares/${encodeURIComponent(notice.shareId)}`,
      dedupeKey: `share-event:${notice.id}`,
    };
  },
};

export const sendShareNotices = (deps: ResultsNoticeDeps) => relayNotices(deps, shareNotices);
export const startShareNoticeSender = (deps: ResultsNoticeDeps) => startNoticeRelay(deps, shareNotices);
