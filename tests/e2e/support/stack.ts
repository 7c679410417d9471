/**
 * Where the stack under test listens (playwright.config.ts starts it): ports of its own, away from
 * `npm start`'s 3000-3002, so the suite runs beside a developer's stack; E2E_PORT_BASE moves them.
 */
export const portBase = Number(process.env.E2E_PORT_BASE ?? 3300);
export const portalUrl = `http://localhost:${portBase}`;
export const identityUrl = `http://localhost:${portBase + 1}`;
export const resultsUrl = `http://localhost:${portBase + 2}`;
