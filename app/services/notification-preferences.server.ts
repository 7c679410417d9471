import * as z from "zod";
import { notifiableSteps, RESEARCH_CHANNELS, RESEARCH_FREQUENCIES, type NotificationPreferences } from "~/domain/notification-preferences";
import { env } from "./env.server";
import type { PortalSession } from "./session.server";
import { bodyAs, callUpstream } from "./upstream.server";

/** The identity provider keeps the kit e-mail choices, beside the address and language it sends them to. */
const preferencesUrl = `${env.IDP_ISSUER.replace(/\/$/, "")}/api/notifications/preferences`;
const AnswerSchema = z.object({
  preferences: z.object({
    emailEnabled: z.boolean(),
    steps: z.array(z.number().int()).transform(notifiableSteps),
    // An identity provider that does not keep research updates answers without them: the section says none are sent.
    researchUpdates: z
      .object({ channel: z.enum(RESEARCH_CHANNELS), frequency: z.enum(RESEARCH_FREQUENCIES) })
      .optional()
      .catch(undefined),
    researchWithdrawn: z.boolean().optional().catch(undefined),
  }),
});

/** The identity provider's answer when research updates are asked for after a withdrawal. */
export const WITHDRAWN = "withdrawn";

async function call(session: PortalSession, body?: NotificationPreferences): Promise<NotificationPreferences | typeof WITHDRAWN | null> {
  const reply = await callUpstream({
    upstream: "identity",
    url: preferencesUrl,
    method: body ? "POST" : "GET",
    headers: { Authorization: `Bearer ${session.accessToken}` },
    ...(body ? { json: { emailEnabled: body.emailEnabled, steps: body.steps, researchUpdates: body.researchUpdates } } : {}),
    timeoutMs: env.ACCOUNT_API_TIMEOUT_MS,
    requestId: session.requestId,
  });
  if (reply.answered && reply.status === 409) return WITHDRAWN;
  return reply.answered && reply.ok ? (bodyAs(reply, AnswerSchema)?.preferences ?? null) : null;
}

/** The participant's choices, or null when the identity provider cannot say now. */
export async function readNotificationPreferences(session: PortalSession): Promise<NotificationPreferences | null> {
  const answer = await call(session);
  return answer === WITHDRAWN ? null : answer;
}

/** Saves the choices; null when they could not be saved, WITHDRAWN when research updates were asked for after a withdrawal. */
export const saveNotificationPreferences = (session: PortalSession, preferences: NotificationPreferences) => call(session, preferences);
