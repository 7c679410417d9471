import { useEffect } from "react";
import { useLocation, useRevalidator } from "react-router";

/**
 * A page waiting for something the server is preparing asks again every few seconds: by
 * revalidating with JavaScript, and by refreshing itself without it (the <noscript> keeps the
 * refresh from reloading a page whose script already asks).
 */
export function CheckAgainEvery({ seconds }: { seconds: number }) {
  const location = useLocation();
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, seconds * 1000);
    return () => window.clearInterval(timer);
  }, [seconds, revalidator]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${seconds};url=${location.pathname}${location.search}`} />
    </noscript>
  );
}
