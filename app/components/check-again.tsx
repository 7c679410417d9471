import { useEffect } from "react";
import { useLocation, useRevalidator } from "react-router";

/** Asks again every `seconds`: revalidating with JavaScript, else refreshing (`refreshInHead`: the route's handle does). */
export function CheckAgainEvery({ seconds, refreshInHead = false }: { seconds: number; refreshInHead?: boolean }) {
  const location = useLocation();
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, seconds * 1000);
    return () => window.clearInterval(timer);
  }, [seconds, revalidator]);
  if (refreshInHead) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${seconds}; url=${location.pathname}${location.search}`} />
    </noscript>
  );
}
