import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import * as z from "zod";
import type { FlashNotification } from "~/domain/flash-notification";
import { portalCookie } from "./cookie-security.server";
import { env } from "./env.server";

const flashCookie = portalCookie("portal_flash", { maxAge: 60, secrets: [env.SESSION_SECRET] });

const FlashList = z.array(
  z.object({
    id: z.string(),
    type: z.enum(["info", "success", "warning", "error"]),
    titleKey: z.string(),
    bodyKey: z.string().optional(),
    bodyValues: z.record(z.string(), z.number()).optional(),
    bodyText: z.string().max(500).optional(),
    visibleMs: z.number().int().nonnegative().optional(),
    retry: z
      .object({ action: z.string().startsWith("/"), fields: z.record(z.string(), z.string().max(200)), labelKey: z.string() })
      .optional(),
  }),
);

/** A Set-Cookie value that shows `notification` on the next page the browser loads. */
export async function flashNotification(notification: Omit<FlashNotification, "id">): Promise<string> {
  return flashCookie.serialize([{ ...notification, id: randomUUID() }]);
}

/** A redirect to `path` that shows `notification` there (303 by default: the answer to a form post), never stored. */
export async function redirectWithNotice(path: string, notification: Omit<FlashNotification, "id">, status = 303): Promise<Response> {
  return redirect(path, { status, headers: { "Cache-Control": "no-store", "Set-Cookie": await flashNotification(notification) } });
}

/** The notifications waiting for this request and the Set-Cookie that clears them (when any). */
export async function takeFlashNotifications(
  request: Request,
): Promise<{ notifications: FlashNotification[]; clearCookie: string | null }> {
  const parsed = FlashList.safeParse(await flashCookie.parse(request.headers.get("Cookie")));
  if (!parsed.success || parsed.data.length === 0) return { notifications: [], clearCookie: null };
  return { notifications: parsed.data, clearCookie: await flashCookie.serialize([], { maxAge: 0, expires: new Date(0) }) };
}
