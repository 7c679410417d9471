/**
 * The pages' Content-Security-Policy allows no eval. Zod probes for it with `new Function` when the
 * first object schema is made, and the browser reports the refused probe as a policy violation
 * (Lighthouse's best practices count it). Zod reads this global before any schema exists, whatever
 * order the page's modules run in, so the browser never probes; the server keeps zod's compiled parsers.
 */
export function NoEvalProbe({ nonce }: { nonce: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "globalThis.__zod_globalConfig={jitless:true};" }} />;
}
