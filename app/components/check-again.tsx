import { useEffect } from "react";
import { useLocation, useRevalidator } from "react-router";

/**
 * A page waiting for something the server is preparing asks again every few seconds: by
 * revalidating with JavaScript, and by refreshing itself without it. A route whose whole page waits
 * names that refresh in its handle (NoscriptRefreshMeta puts it in the head) and passes
 * `refreshInHead`; a card inside a page refreshes from the body.
 */
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
