import { redirect } from "react-router";

/** Where the IdP's end-session endpoint returns the browser: straight on to sign-in. */
export function loader() {
  return redirect("/auth/sign-in", { headers: { "Cache-Control": "no-store" } });
}
