import { dayAndTime } from "~/domain/clock-time";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "./use-hydrated";

/** The zone a moment is written in: the server's (named) as it rendered the page, then the browser's own. */
export function useMomentZone(serverTimeZone: string): string | undefined {
  return useHydrated() ? undefined : serverTimeZone;
}

/** Writes moments as day and time ('November 24, 2026, 4:12 PM GMT+13'), for text around them. */
export function useDayAndTime(serverTimeZone: string): (epochMs: number) => string {
  const { i18n } = useTranslation();
  const zone = useMomentZone(serverTimeZone);
  return (epochMs) => dayAndTime(epochMs, i18n.language, zone);
}

/** A moment on its own: `at` (ISO 8601) as day and time, in the server's zone and then the participant's. */
export function Moment({ at, serverTimeZone }: { at: string; serverTimeZone: string }) {
  return <time dateTime={at}>{useDayAndTime(serverTimeZone)(Date.parse(at))}</time>;
}
