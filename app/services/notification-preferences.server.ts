import * as z from "zod";
import { notifiableSteps, type NotificationPreferences } from "~/domain/notification-preferences";
import { env } from "./env.server";
import type { PortalSession } from "./session.server";
import { bodyAs, callUpstream } from "./upstream.server";

/** The identity provider keeps the kit e-mail choices, beside the address and language it sends them to. */
const preferencesUrl = `${env.IDP_ISSUER.replace(/\/$/, "")}/api/notifications/preferences`;
const AnswerSchema = z.object({
  preferences: z.object({ emailEnabled: z.boolean(), steps: z.array(z.number().int()).transform(notifiableSteps) }),
});

async function call(session: PortalSession, body?: NotificationPreferences): Promise<NotificationPreferences | null> {
  const reply = await callUpstream({
    upstream: "identity",
    url: preferencesUrl,
    method: body ? "POST" : "GET",
    headers: { Authorization: `Bearer ${session.accessToken}` },
    ...(body ? { json: body } : {}),
    timeoutMs: env.ACCOUNT_API_TIMEOUT_MS,
    requestId: session.requestId,
  });
  return reply.answered && reply.ok ? (bodyAs(reply, AnswerSchema)?.preferences ?? null) : null;
}

/** The participant's choices, or null when the identity provider cannot say now. */
export const readNotificationPreferences = (session: PortalSession) => call(session);

/** Saves the choices; null when they could not be saved. */
export const saveNotificationPreferences = (session: PortalSession, preferences: NotificationPreferences) => call(session, preferences);
