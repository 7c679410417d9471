import { useEffect } from "react";
import { SessionExpiredScreen } from "~/components/layout/error-screens";
import { PageShell } from "~/components/layout/page-shell";

const SIGN_IN_PATH = "/auth/sign-in";
const SIGN_IN_DELAY_SECONDS = 3;

export default function SessionExpired() {
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign(SIGN_IN_PATH), SIGN_IN_DELAY_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <PageShell visitor={null}>
      <noscript>
        <meta httpEquiv="refresh" content={`${SIGN_IN_DELAY_SECONDS};url=${SIGN_IN_PATH}`} />
      </noscript>
      <SessionExpiredScreen />
    </PageShell>
  );
}
