// The real `sales-data` command as a child process (bin/sales-data.cjs, as `npx sales-data` runs it): its exit code
// and everything it printed.
import { spawn } from "node:child_process";
import { join } from "node:path";

export const BIN = join(__dirname, "..", "..", "..", "bin", "sales-data.cjs");

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `sales-data <args>` with only `env` (and PATH) in its environment, in `cwd` (`bin`: another copy's). */
export function salesData(
  args: readonly string[],
  env: Record<string, string>,
  cwd?: string,
  bin = BIN,
): Promise<CommandResult> {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}
