import { redirect } from "react-router";
import { openDataExportFile } from "~/services/data-exports.server";
import { flashNotification } from "~/services/flash.server";
import { privatePageHeaders, requireParticipant } from "~/services/session.server";
import { passedOnFile } from "~/services/upstream.server";
import type { Route } from "./+types/_portal.profile.data-export.$exportId";

/**
 * The participant's archive, streamed from the results service as it is read, behind their session
 * (the results service checks the same participant's token again). One that has expired or cannot be
 * found sends them back to the list with a notice.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requireParticipant(request, context);
  const file = await openDataExportFile(session, params.exportId, request.signal);
  if (file.answered && file.ok && file.body) {
    return passedOnFile(
      request,
      { headers: file.headers, body: file.body },
      { ...privatePageHeaders, "X-Content-Type-Options": "nosniff" },
    );
  }
  if (file.answered) await file.body?.cancel();
  const gone = file.answered && [404, 409, 410].includes(file.status);
  const cookie = await flashNotification(
    gone
      ? { type: "warning", titleKey: "profile:dataExport.goneTitle", bodyKey: "profile:dataExport.goneBody" }
      : { type: "error", titleKey: "profile:dataExport.goneTitle", bodyKey: "profile:dataExport.unavailable" },
  );
  return redirect("/profile/overview#your-data", { headers: { ...privatePageHeaders, "Set-Cookie": cookie } });
}
