import { describe, expect, it } from "vitest";
import { resultsConfigFromEnv } from "../../../platform/results/config.ts";

describe("results service configuration", () => {
  it("has development defaults", () => {
    const config = resultsConfigFromEnv({});
    expect(config).toMatchObject({
      environment: "development",
      port: 3002,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3002",
      issuer: "http://localhost:3001",
      jwksUrl: "http://localhost:3001/jwks",
      audience: "http://localhost:3002",
      dataDir: ".data/results",
      demoParticipantsFile: "platform/demo/participants.json",
      documentTtlSeconds: 900,
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it("reads overrides and trims trailing slashes", () => {
    const config = resultsConfigFromEnv({
      RESULTS_PORT: "4200",
      IDP_ISSUER: "https://id.example.test/",
      RESULTS_PUBLIC_URL: "https://results.example.test/",
      DATABASE_URL: "postgres://db.example.test/portal",
      DEMO_PARTICIPANTS_FILE: "",
    });
    expect(config.port).toBe(4200);
    expect(config.issuer).toBe("https://id.example.test");
    expect(config.jwksUrl).toBe("https://id.example.test/jwks");
    expect(config.publicUrl).toBe("https://results.example.test");
    expect(config.databaseUrl).toBe("postgres://db.example.test/portal");
    // Set empty, the demo file is skipped (not replaced by the default).
    expect(config.demoParticipantsFile).toBeUndefined();
  });

  it("lists every invalid setting", () => {
    expect(() => resultsConfigFromEnv({ RESULTS_PORT: "seventy", IDP_ISSUER: "not a url" })).toThrow(/RESULTS_PORT.*IDP_ISSUER/);
  });
});
