import escapeHtml from "escape-html";
import type { ClaimedMessage } from "../delivery/delivery-store.ts";
import { type Locale, translate } from "../pages/i18n.ts";

/** An outbox e-mail as the delivery worker reads it. */
export type OutboxEmail = Pick<
  ClaimedMessage,
  "id" | "messageUuid" | "to" | "subject" | "body" | "link" | "code" | "headers" | "locale" | "createdAt"
>;

export type RenderedEmail = ReturnType<typeof renderEmail>;

/** An address in the text (captured, so split keeps it); a sentence's closing punctuation is not part of it. */
const URL_IN_TEXT = /(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)])/;

/** A paragraph of text as HTML: escaped, line breaks kept, every address a link. */
function htmlParagraph(paragraph: string): string {
  const parts = paragraph.split(URL_IN_TEXT).map(escapeHtml);
  const out = parts.map((part, index) => (index % 2 ? `<a href="${part}">${part}</a>` : part)).join("");
  return `<p>${out.replace(/\n/g, "<br>")}</p>`;
}

/**
 * The text and HTML parts of an outbox e-mail, in the participant's language: the notice's words, its
 * link (unless the words carry it already) and its code. Nothing is added that the outbox does not hold.
 */
export function renderEmail(row: OutboxEmail, fromAddress: string) {
  const locale: Locale = row.locale ?? "en";
  const paragraphs = (row.body ?? "")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (row.link && !(row.body ?? "").includes(row.link)) paragraphs.push(row.link);
  if (row.code) paragraphs.push(translate(locale, "email.codeLine", { code: row.code }));
  const subject = row.subject ?? "";
  const html = [
    "<!doctype html>",
    `<html lang="${locale}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    `<body>${paragraphs.map(htmlParagraph).join("")}</body>`,
    "</html>",
  ].join("\n");
  return {
    // The same on every attempt, so a resend after a crash is recognisably the same message.
    messageId: `<${row.messageUuid}@${fromAddress.split("@").pop() ?? "localhost"}>`,
    to: row.to,
    subject,
    text: `${paragraphs.join("\n\n")}\n`,
    html,
    headers: { ...(row.headers ?? {}), ...(row.locale ? { "Content-Language": row.locale } : {}) },
    date: row.createdAt,
  };
}
