/**
 * The ceiling of this machine: a plain node:http server answering 'hello', run as its own process
 * (like the portal) so it does not share a CPU with the load generator. Prints its port.
 */
import { createServer } from "node:http";

const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/plain" });
  response.end("hello");
});
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  console.log(`listening ${port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
