/**
 * The CSP allows no eval, and zod's `new Function` probe would be reported as a violation (Lighthouse counts it).
 * This global, set before any module runs, stops the probe in the browser; the server keeps compiled parsers.
 */
export function NoEvalProbe({ nonce }: { nonce: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "globalThis.__zod_globalConfig={jitless:true};" }} />;
}
