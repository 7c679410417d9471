import { useEffect, useRef } from "react";

/** Calls `onExpire` after `durationMs` (0: never) of unpaused time, so nothing hovered or focused vanishes mid-read. */
export function useDismissTimer(durationMs: number, onExpire: () => void, enabled: boolean) {
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;
  const remainingRef = useRef(durationMs);
  const startedAtRef = useRef(0);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  function stop() {
    if (timerRef.current === undefined) return;
    clearTimeout(timerRef.current);
    timerRef.current = undefined;
    remainingRef.current -= Date.now() - startedAtRef.current;
  }

  function start() {
    if (!enabled || durationMs <= 0 || timerRef.current !== undefined) return;
    startedAtRef.current = Date.now();
    timerRef.current = setTimeout(
      () => {
        timerRef.current = undefined;
        onExpireRef.current();
      },
      Math.max(0, remainingRef.current),
    );
  }

  useEffect(() => {
    remainingRef.current = durationMs;
    start();
    return stop;
    // start and stop read only refs plus these two values.
  }, [durationMs, enabled]);

  return { pause: stop, resume: start };
}
