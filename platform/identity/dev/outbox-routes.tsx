import type { IncomingMessage, ServerResponse } from "node:http";
import { sendHtml, sendJson } from "../http/io.ts";
import { renderPage } from "../pages/document.tsx";
import type { Outbox, OutboxMessage } from "../store/outbox.ts";

/** The address in a message's List-Unsubscribe header (kit-step e-mails), to try the one-click page. */
const unsubscribeLink = (message: OutboxMessage) => /^<(.+)>$/.exec(message.headers?.["List-Unsubscribe"] ?? "")?.[1];

const COLUMNS = ["When", "Channel", "To", "Purpose", "Code or link", "Delivery"];

/** GET /dev/outbox (JSON, newest first, ?to=) and GET /dev/outbox/view (HTML). Development only. */
export function createOutboxRoutes(outbox: Outbox) {
  return async function handle(_req: IncomingMessage, res: ServerResponse, view: boolean, query: URLSearchParams) {
    const messages = await outbox.list(query.get("to") ?? undefined);
    if (!view) return sendJson(res, 200, messages);
    sendHtml(
      res,
      200,
      renderPage(
        { locale: "en", title: "Development outbox" },
        <>
          <p>
            Messages sent, or kept here, by text, voice call or e-mail, newest first; &apos;pending&apos; stays so where nothing sends them
            (the outbox only).
          </p>
          <table>
            <thead>
              <tr>
                {COLUMNS.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id}>
                  <td>{m.createdAt}</td>
                  <td>{m.channel}</td>
                  <td>{m.to}</td>
                  <td>{m.purpose}</td>
                  <td>
                    {m.link ? <a href={m.link}>{m.link}</a> : <code>{m.code ?? ""}</code>}
                    {unsubscribeLink(m) ? (
                      <>
                        <br />
                        <a href={unsubscribeLink(m)}>List-Unsubscribe</a>
                      </>
                    ) : null}
                  </td>
                  <td>{m.delivery}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>,
      ),
    );
  };
}
