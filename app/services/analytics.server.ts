import type { Logger } from "pino";
import { env, portalPolicy } from "./env.server";
import { logger as portalLogger, requestIdOf } from "./logger.server";
import { readPrivacyChoices } from "./privacy-choices.server";
import { callUpstream } from "./upstream.server";

/** The same participant reloading the dashboard is identified once an hour, not on every page. */
const REMEMBER_MS = 60 * 60 * 1000;
const REMEMBER_AT_MOST = 5_000;

export type IdentifyOutcome = "sent" | "skipped" | "failed";

export interface AnalyticsOptions {
  /** useHeapIdentify (SPEC.md §9): on outside production unless overridden. */
  enabled: boolean;
  url?: string;
  appId?: string;
  timeoutMs?: number;
  logger?: Logger;
  now?: () => number;
}

/**
 * Only the analytics identifier leaves the portal: the argument type has no room for
 * anything from the results response (health data, names, e-mail).
 */
export interface IdentifyParticipant {
  request: Request;
  heapIdentifier: string | null | undefined;
}

export function createAnalytics(options: AnalyticsOptions) {
  const log = options.logger ?? portalLogger;
  const now = options.now ?? Date.now;
  const recentlyIdentified = new Map<string, number>();

  function remember(id: string): void {
    recentlyIdentified.delete(id);
    recentlyIdentified.set(id, now());
    if (recentlyIdentified.size > REMEMBER_AT_MOST) recentlyIdentified.delete(recentlyIdentified.keys().next().value!);
  }

  /**
   * Identifies the participant to the analytics tool when useHeapIdentify is on, the participant
   * opted in to analytics in 'Your privacy choices' and a heapIdentifier exists. Never throws and
   * never needs awaiting: a page calls it with `void` and renders without waiting.
   */
  async function identifyParticipant({ request, heapIdentifier }: IdentifyParticipant): Promise<IdentifyOutcome> {
    const id = heapIdentifier?.trim();
    const identifiedAt = id ? recentlyIdentified.get(id) : undefined;
    if (!options.enabled || !options.url || !id || (identifiedAt !== undefined && now() - identifiedAt < REMEMBER_MS)) return "skipped";
    const choices = await readPrivacyChoices(request);
    if (!choices.analytics) return "skipped";
    const reply = await callUpstream({
      upstream: "analytics",
      url: options.url,
      method: "POST",
      json: { app_id: options.appId, identity: id },
      timeoutMs: options.timeoutMs ?? 2_000,
      requestId: requestIdOf(request),
      logger: log,
    });
    if (!reply.answered || !reply.ok) return "failed";
    remember(id);
    return "sent";
  }

  return { identifyParticipant };
}

export const { identifyParticipant } = createAnalytics({
  enabled: portalPolicy.useHeapIdentify,
  url: env.ANALYTICS_URL,
  appId: env.ANALYTICS_APP_ID,
});
