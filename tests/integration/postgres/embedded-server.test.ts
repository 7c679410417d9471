import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveEmbeddedDatabase, type EmbeddedDatabaseServer } from "../../../lib/postgres/embedded-server.ts";
import { openDatabase, type Database } from "../../../lib/postgres/index.ts";
import { openPglite } from "../../../lib/postgres/pglite-open.ts";

// One embedded database served to several clients over PostgreSQL's protocol, as the launcher
// serves it to the portal and the platform services.
let workDir: string;
let pglite: PGlite;
let served: EmbeddedDatabaseServer;
let url: string;
let db: Database;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), "embedded-server-"));
  pglite = await openPglite(path.join(workDir, "db"));
  served = await serveEmbeddedDatabase({ database: pglite, path: path.join(workDir, ".s.PGSQL.5432"), idleInTransactionMs: 1_000 });
  url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(workDir)}`;
  db = await openDatabase({ url, dataDir: "" });
  await db.exec("CREATE TABLE tally (id integer PRIMARY KEY, label text NOT NULL)");
}, 60_000);

afterAll(async () => {
  await db?.close();
  await served?.close();
  await pglite?.close();
  rmSync(workDir, { recursive: true, force: true });
});

function client(): pg.Client {
  const connection = new pg.Client({ connectionString: url });
  connection.on("error", () => undefined);
  return connection;
}

describe("the embedded database served to several clients", () => {
  it("answers the pg driver's extended queries, each client its own rows, while many run at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        db.query<{ n: number; label: string }>("SELECT $1::int AS n, $2::text AS label", [index, `row ${index}`]),
      ),
    );
    answers.forEach((rows, index) => expect(rows).toEqual([{ n: index, label: `row ${index}` }]));
  });

  it("keeps a transaction to its own client: others wait for its end and never see its statements in between", async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        db
          .transaction(async (tx) => {
            await tx.query("INSERT INTO tally (id, label) VALUES ($1, $2)", [index, `first ${index}`]);
            const [mine] = await tx.query<{ label: string }>("SELECT label FROM tally WHERE id = $1", [index]);
            expect(mine?.label).toBe(`first ${index}`);
            if (index % 4 === 0) throw new Error("rolled back on purpose");
          })
          .catch((error: Error) => expect(error.message).toBe("rolled back on purpose")),
      ),
    );
    const [{ count }] = (await db.query<{ count: number }>("SELECT count(*)::int AS count FROM tally")) as [{ count: number }];
    expect(count).toBe(15);
  });

  it("rolls back what a client left open when its connection ends, and lets the others go on", async () => {
    const leaving = client();
    await leaving.connect();
    await leaving.query("BEGIN");
    await leaving.query("INSERT INTO tally (id, label) VALUES (900, 'left open')");
    const waiting = db.query<{ count: number }>("SELECT count(*)::int AS count FROM tally WHERE id = 900");
    leaving.connection.stream.destroy();
    expect(await waiting).toEqual([{ count: 0 }]);
  });

  it("disconnects a client that holds a transaction idle while others wait", async () => {
    const idle = client();
    await idle.connect();
    await idle.query("BEGIN");
    await idle.query("INSERT INTO tally (id, label) VALUES (901, 'idle')");
    expect(await db.query("SELECT count(*)::int AS count FROM tally WHERE id = 901")).toEqual([{ count: 0 }]);
    await expect(idle.query("COMMIT")).rejects.toThrow();
  });

  it("reports a statement's error to its client only", async () => {
    await expect(db.query("SELECT 1 / 0")).rejects.toThrow(/division by zero/);
    expect(await db.query("SELECT 2 AS two")).toEqual([{ two: 2 }]);
  });
});
