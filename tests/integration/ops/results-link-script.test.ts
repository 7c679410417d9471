import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createParticipant } from "../../support/create-participant";
import { freePort, projectRoot, startStack, type Stack } from "../../support/stack.ts";

/** `npm run results-link -- <email>` finds the identity provider where the launcher put it. */
function resultsLink(email: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const environment: NodeJS.ProcessEnv = { ...process.env, ...env };
    for (const name of ["IDP_ISSUER", "IDENTITY_PORT", "IDENTITY_URL"]) if (!(name in env)) delete environment[name];
    const script = spawn(process.execPath, ["--import", "tsx", path.join(projectRoot, "scripts/results-link.ts"), email], {
      cwd: projectRoot,
      env: environment,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    script.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    script.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    script.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

let stack: Stack;
let email: string;

beforeAll(async () => {
  // No demo participants: the suite creates the one it asks a link for.
  stack = await startStack({ participantsFile: "" });
  ({ email } = await createParticipant(stack, "ada"));
});

afterAll(async () => {
  await stack?.stop();
});

describe("npm run results-link", () => {
  it("asks the identity provider named by IDP_ISSUER, as the launcher does", async () => {
    const { code, stdout } = await resultsLink(email, { IDP_ISSUER: stack.identityUrl });
    expect(code).toBe(0);
    expect(stdout).toMatch(/\/results-link\?access_token=[\w-]+\.[\w-]+\.[\w-]+/);
  });

  it("asks the port IDENTITY_PORT names when no issuer is set", async () => {
    const { code, stdout } = await resultsLink(email, { IDENTITY_PORT: new URL(stack.identityUrl).port });
    expect(code).toBe(0);
    expect(stdout).toContain("access_token=");
  });

  it("says where it asked when nothing answers there, and fails", async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const { code, stderr } = await resultsLink(email, { IDP_ISSUER: nowhere });
    expect(code).toBe(1);
    expect(stderr).toContain(`The identity provider at ${nowhere} did not answer`);
  });
});
