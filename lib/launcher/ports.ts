import { createServer } from "node:net";

/**
 * Ports browsers and Node's fetch refuse to connect to (the Fetch standard's "bad port" list): a
 * service there would start and never be reachable.
 * https://fetch.spec.whatwg.org/#port-blocking
 */
const BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** A port, with what listens there as the launcher's output names it and the setting that chooses it. */
type NamedPort = { name: string; setting: string; port: number };

/** Why a port cannot be used before anything is started, or null. */
export function unusablePortReason({ name, setting, port }: NamedPort): string | null {
  if (!Number.isInteger(port) || port < 1 || port > 65535) return `${setting}=${port} is not a port number (1-65535) for the ${name}.`;
  if (BLOCKED_PORTS.has(port)) {
    return `${setting}=${port}: browsers and Node's fetch refuse to connect to port ${port} (the Fetch standard's blocked ports), so the ${name} could never be reached; choose another port.`;
  }
  return null;
}

/** Whether something already listens on the port (on any local address the service would use). */
function portInUse(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve(true) : reject(error)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}

/** Every problem with the ports, each on one line; empty when all can be used. */
export async function portProblems(ports: readonly NamedPort[]): Promise<string[]> {
  const problems: string[] = [];
  for (const named of ports) {
    const reason = unusablePortReason(named);
    if (reason) {
      problems.push(reason);
    } else if (await portInUse(named.port)) {
      problems.push(
        `Port ${named.port} (${named.name}) is already in use: stop what runs there (another \`npm start\`?) or choose another port with ${named.setting}.`,
      );
    }
  }
  return problems;
}
