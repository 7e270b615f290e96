/**
 * Spawn → first answer, probed the same way for every subject (bench:peers and bench:start): a
 * POST on a new connection (node:http, no keep-alive) every 2 ms until one answers 200.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import { TronodeError } from "@tronode/engine/internal";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One POST on a new connection: whether it answered 200 (false while nothing listens). */
function answers(port: number, path: string, body: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json" },
      },
      (res) => {
        res.resume();
        res.once("end", () => resolve(res.statusCode === 200));
      },
    );
    req.once("error", () => resolve(false));
    req.end(body);
  });
}

/** Spawns `command` and probes `port` until it answers: the running child and the time to its answer. */
export async function spawnUntilAnswered(
  command: string,
  args: readonly string[],
  port: number,
  path: string,
  body: string,
): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ["ignore", "ignore", "inherit"] });
  while (!(await answers(port, path, body))) {
    if (child.exitCode !== null)
      throw new TronodeError("OTHER_ERROR", `${command} ${args.join(" ")} exited with ${child.exitCode}`);
    await sleep(2);
  }
  return { child, ms: performance.now() - started };
}

/** `node -e` source of a bare node:http server on `port` answering every request with `{}`. */
export function bareHttpSource(port: number): string {
  return `require("node:http").createServer((q, s) => { q.resume(); q.on("end", () => s.end("{}")); }).listen(${port}, "127.0.0.1")`;
}
