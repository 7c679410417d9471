/**
 * Prints a portal link that opens one participant's results without signing in (SPEC §3 TOKEN-TYPE ACCESS).
 * Usage: npm run results-link -- <email>   (the identity provider must be running)
 * Asks the identity provider the launcher starts: IDP_ISSUER, else http://localhost:IDENTITY_PORT (3001).
 */
const email = process.argv[2];
if (!email) {
  console.error("Usage: npm run results-link -- <email>");
  process.exit(2);
}
const identityUrl = process.env.IDP_ISSUER ?? `http://localhost:${process.env.IDENTITY_PORT ?? 3001}`;
const adminToken = process.env.RESULTS_LINK_ADMIN_TOKEN;

const response = await fetch(new URL("/dev/results-link", identityUrl), {
  method: "POST",
  headers: { "content-type": "application/json", ...(adminToken ? { authorization: `Bearer ${adminToken}` } : {}) },
  body: JSON.stringify({ email }),
  signal: AbortSignal.timeout(10_000),
}).catch((error: Error) => {
  console.error(`The identity provider at ${identityUrl} did not answer (${error.message}). Is the stack running?`);
  process.exit(1);
});
const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
if (!response.ok || !body.url) {
  console.error(`Could not create a results link: ${body.error ?? `HTTP ${response.status}`}`);
  process.exit(1);
}
console.log(body.url);
export {};
