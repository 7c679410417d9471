import { createServer, type Server, type Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import {
  endsExchange,
  endsUnitOfWork,
  errorResponse,
  lastTransactionStatus,
  takeOpeningMessage,
  takeTypedMessages,
  type TypedMessage,
} from "./wire-messages.ts";

/**
 * The embedded database (PGlite, one session) served to several processes over PostgreSQL's own
 * protocol, so every service reaches it through the same `pg` driver as a PostgreSQL server.
 * Clients take turns: a client holds the database from its first message until a Sync or simple
 * query leaves it outside a transaction, so neither an open transaction nor an extended query
 * (Parse, Bind, Execute, Sync) of one client ever sees another's statements in between.
 */
export interface EmbeddedDatabaseServer {
  readonly server: Server;
  close(): Promise<void>;
}

export interface EmbeddedServerOptions {
  /** The database, or a promise of it: clients may connect while it still opens. */
  database: PGlite | Promise<PGlite>;
  /** A client that holds a transaction open this long while others wait is disconnected (rolled back). */
  idleInTransactionMs?: number;
}

const ROLLBACK_AFTER_SYNC = Buffer.concat([
  Buffer.from([0x53, 0, 0, 0, 4]), // Sync: ends any extended query the client left unfinished
  simpleQuery("ROLLBACK"),
]);

function simpleQuery(sql: string): Buffer {
  const text = Buffer.from(`${sql}\0`, "utf8");
  const header = Buffer.alloc(5);
  header.write("Q", 0, "latin1");
  header.writeInt32BE(4 + text.length, 1);
  return Buffer.concat([header, text]);
}

interface Client {
  socket: Socket;
  /** Work of this client runs one piece after another. */
  work: Promise<void>;
  closed: boolean;
}

/** Who holds the database, and who waits for it in arrival order. */
function createTurns() {
  let holder: Client | null = null;
  const waiting: { client: Client; start: () => void }[] = [];
  return {
    holder: () => holder,
    waiters: () => waiting.length,
    take(client: Client): Promise<void> {
      if (holder === client) return Promise.resolve();
      if (holder === null) {
        holder = client;
        return Promise.resolve();
      }
      return new Promise((start) => waiting.push({ client, start }));
    },
    give(client: Client): void {
      const index = waiting.findIndex((entry) => entry.client === client);
      if (index !== -1) waiting.splice(index, 1);
      if (holder !== client) return;
      const next = waiting.shift();
      holder = next?.client ?? null;
      next?.start();
    },
  };
}

export async function serveEmbeddedDatabase(
  options: EmbeddedServerOptions & ({ path: string } | { port: number; host: string }),
): Promise<EmbeddedDatabaseServer> {
  const idleInTransactionMs = options.idleInTransactionMs ?? 30_000;
  let failure: Error | null = null;
  const opened = Promise.resolve(options.database).catch((error: unknown) => {
    failure = error instanceof Error ? error : new Error(String(error));
    return null;
  });
  const turns = createTurns();
  const clients = new Set<Client>();
  let idleTimer: NodeJS.Timeout | undefined;

  function watchIdleHolder(client: Client) {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (turns.holder() === client && turns.waiters() > 0) client.socket.destroy();
    }, idleInTransactionMs);
    idleTimer.unref();
  }

  async function run(client: Client, bytes: Buffer, releaseWhenIdle: boolean): Promise<void> {
    const db = await opened;
    if (!db) {
      client.socket.end(errorResponse("58000", `The embedded database could not be opened: ${failure?.message ?? "unknown error"}`));
      return;
    }
    await turns.take(client);
    clearTimeout(idleTimer);
    if (client.closed) return release(client, db);
    const reply = await db.execProtocolRaw(bytes);
    if (!client.socket.destroyed) client.socket.write(reply);
    if (!releaseWhenIdle) return;
    const status = lastTransactionStatus(reply);
    if (status === "T" || status === "E") watchIdleHolder(client);
    else turns.give(client);
  }

  /** A client gone while holding the database: whatever it left open is rolled back before the next takes its turn. */
  async function release(client: Client, db: PGlite | null): Promise<void> {
    if (turns.holder() === client && db) {
      clearTimeout(idleTimer);
      await db.execProtocolRaw(ROLLBACK_AFTER_SYNC).catch(() => undefined);
    }
    turns.give(client);
  }

  function schedule(client: Client, task: () => Promise<void>) {
    client.work = client.work.then(task).catch(() => {
      client.socket.destroy();
    });
  }

  function accept(socket: Socket) {
    socket.setNoDelay(true);
    const client: Client = { socket, work: Promise.resolve(), closed: false };
    clients.add(client);
    let buffer: Buffer = Buffer.alloc(0);
    let started = false;
    let batch: TypedMessage[] = [];

    socket.on("data", (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      while (!started) {
        const opening = takeOpeningMessage(buffer);
        if (!opening) return;
        buffer = opening.rest;
        const { message } = opening;
        if (message.kind === "ssl-request" || message.kind === "gss-request") {
          socket.write("N");
        } else if (message.kind === "startup") {
          started = true;
          schedule(client, () => run(client, message.bytes, true));
        } else {
          // A cancel request (nothing runs in the background to cancel) or something not PostgreSQL.
          socket.end();
          return;
        }
      }
      const { messages, rest } = takeTypedMessages(buffer);
      buffer = rest;
      for (const message of messages) {
        if (message.type === "X") {
          socket.end();
          return;
        }
        batch.push(message);
        if (!endsExchange(message.type)) continue;
        const bytes = Buffer.concat(batch.map((entry) => entry.bytes));
        batch = [];
        schedule(client, () => run(client, bytes, endsUnitOfWork(message.type)));
      }
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      client.closed = true;
      clients.delete(client);
      schedule(client, async () => release(client, await opened));
    });
  }

  const server = createServer(accept);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    if ("path" in options) server.listen(options.path, resolve);
    else server.listen(options.port, options.host, resolve);
  });

  return {
    server,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const client of clients) client.socket.destroy();
      });
      await Promise.all([...clients].map((client) => client.work));
    },
  };
}
