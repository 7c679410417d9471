import { useSyncExternalStore } from "react";
import type { MomentZone } from "~/domain/clock-time";
import { ownZoneMoments } from "~/own-zone-writer";
import { useHydrated } from "./use-hydrated";

/**
 * The zone a moment is shown in: the server's (named) as the server wrote it, while the page
 * hydrates; then the participant's own, written off the main thread (the server's until it is).
 * `inView` false keeps the server's until the moment is shown (a closed menu).
 */
export function useMomentZone(serverTimeZone: string, inView = true): MomentZone {
  const hydrated = useHydrated();
  useSyncExternalStore(ownZoneMoments.subscribe, ownZoneMoments.version, () => 0);
  return hydrated && inView ? { own: true, until: serverTimeZone } : serverTimeZone;
}
