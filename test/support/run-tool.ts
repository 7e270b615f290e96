/**
 * Runs a project tool (hardhat, tronbox) as a child process of this Node.js, collecting its stdout
 * and stderr together; killed and failed after `timeoutMs`, since the tools' own limits are long.
 */
import { spawn } from "node:child_process";

export function runTool(
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; label: string },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const collect = (chunk: string) => {
      output += chunk;
    };
    child.stdout.setEncoding("utf8").on("data", collect);
    child.stderr.setEncoding("utf8").on("data", collect);
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${options.label} did not finish in ${options.timeoutMs / 1000} s\n${output}`));
    }, options.timeoutMs);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
