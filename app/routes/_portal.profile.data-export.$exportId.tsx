import { redirect } from "react-router";
import { ARCHIVE_TICKET_PATTERN, downloadPath } from "~/domain/raw-data-download";
import { openDataExportFile } from "~/services/data-exports.server";
import { flashNotification, redirectWithNotice } from "~/services/flash.server";
import { takeArchiveRelease } from "~/services/raw-data-download.server";
import { participantSession } from "~/services/session.server";
import { passedOnFile } from "~/services/upstream.server";
import type { Route } from "./+types/_portal.profile.data-export.$exportId";

/** The archive, streamed behind a single-use ticket the download page released; without one, that page asks again. */
export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  const session = participantSession(context);
  const ticket = url.searchParams.get("ticket") ?? "";
  // A HEAD (a link checker, a download manager's probe) never spends the ticket, nor the proof behind it.
  const proof =
    request.method !== "HEAD" && ARCHIVE_TICKET_PATTERN.test(ticket) ? await takeArchiveRelease(session, params.exportId, ticket) : null;
  if (!proof) {
    const headers = new Headers();
    // A link followed a second time (or too late) says why the code is asked for again.
    if (ticket && request.method !== "HEAD")
      headers.append("Set-Cookie", await flashNotification({ type: "warning", titleKey: "profile:download.errors.linkUsed" }));
    return redirect(downloadPath({ kind: "archive", exportId: params.exportId }), { headers });
  }
  const file = await openDataExportFile(session, params.exportId, request.signal, proof);
  const passed = await passedOnFile(request, file, { "X-Content-Type-Options": "nosniff" });
  if (passed) return passed;
  const gone = file.answered && [404, 409, 410].includes(file.status);
  return redirectWithNotice(
    "/profile/overview#your-data",
    gone
      ? { type: "warning", titleKey: "profile:dataExport.goneTitle", bodyKey: "profile:dataExport.goneBody" }
      : { type: "error", titleKey: "profile:dataExport.goneTitle", bodyKey: "profile:dataExport.unavailable" },
    302,
  );
}
