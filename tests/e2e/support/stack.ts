/** Where the stack under test listens (see playwright.config.ts). */
const portBase = Number(process.env.E2E_PORT_BASE ?? 3000);
export const portalUrl = `http://localhost:${portBase}`;
export const identityUrl = `http://localhost:${portBase + 1}`;
export const resultsUrl = `http://localhost:${portBase + 2}`;
