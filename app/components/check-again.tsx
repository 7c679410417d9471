import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** Asks again every `seconds` with JavaScript; without it the route's handle names a refresh (`NoscriptRefreshHandle`). */
export function CheckAgainEvery({ seconds }: { seconds: number }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, seconds * 1000);
    return () => window.clearInterval(timer);
  }, [seconds, revalidator]);
  return null;
}
