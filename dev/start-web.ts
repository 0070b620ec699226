// `npm run start:web -- --document <url>`: sideloads the add-in into a workbook in Excel on the web with
// Microsoft's office-addin-debugging (fetched by npm exec, never installed with the project), as Microsoft's
// "Sideload Office Add-ins to Office on the web" describes; it starts `npm start` (dev server and simulator)
// on port 3000 unless that is already running. --dry-run prints the command instead of running it.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

const USAGE = `Usage: npm run start:web -- --document <url>

<url> is the link to a workbook in Excel on the web: open Excel on the web (or OneDrive), create a workbook,
select Share > Copy link, and paste that link here in quotes (single quotes in bash and zsh, double quotes in
cmd and PowerShell: the link holds characters such as & that a shell would otherwise act on).

Without the command line: run npm start, then in the workbook select Home > Add-ins > More Settings >
Upload My Add-in, browse to manifest.xml and select Upload.`;

/** Node's words for an argument it could not parse, first sentence only ("Unknown option '--x'."). */
function argumentProblem(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !code.startsWith("ERR_PARSE_ARGS")) return undefined;
  const first = String((err as Error).message).split(/\.\s/)[0];
  return first.endsWith(".") ? first : `${first}.`;
}

/** The document link and --dry-run, or why the arguments cannot be used. */
export function documentUrl(args: string[]): { url: string; dryRun?: boolean } | { problem: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { document: { type: "string" }, "dry-run": { type: "boolean" } },
      allowPositionals: true,
    });
  } catch (err) {
    const problem = argumentProblem(err);
    if (problem) return { problem };
    throw err;
  }
  const { values, positionals } = parsed;
  const raw = values.document ?? positionals[0];
  if (!raw) return { problem: "Excel on the web needs the workbook to sideload into." };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `"${raw}" is not a web address.` };
  }
  if (url.protocol !== "https:") return { problem: `The workbook link must start with https://, got "${raw}".` };
  return { url: raw, dryRun: values["dry-run"] };
}

/** Fetched by npx at this major version (package.json's start:desktop and stop name the same). */
export const OFFICE_ADDIN_DEBUGGING = "office-addin-debugging@7";

/** office-addin-debugging's usage for Excel on the web, with this project's dev server. */
function sideloadArgs(url: string): string[] {
  return [
    OFFICE_ADDIN_DEBUGGING,
    "start",
    "manifest.xml",
    "web",
    "--app",
    "excel",
    "--document",
    url,
    "--dev-server",
    "npm start",
    "--dev-server-port",
    "3000",
  ];
}

/** The same as an npx command (what runs where npm's own CLI script is not known). */
export function sideloadCommand(url: string): string[] {
  return ["npx", "--yes", ...sideloadArgs(url)];
}

/** What to spawn: a program, its arguments, and whether it needs a shell. */
export interface Launch {
  file: string;
  args: string[];
  shell: boolean;
}

/** A double-quoted argument for cmd.exe (`&`, `|`, spaces and the like stay part of it). */
function cmdQuoted(arg: string): string {
  return `"${arg.replace(/"/g, '""')}"`;
}

/**
 * How to run the sideload command here. Run through npm (npm run, npx), `npm_execpath` is npm's own CLI
 * script: node runs it with `exec`, no shell, so nothing in the link is read by a shell, on Windows too
 * (where npx is npx.cmd, which cannot be spawned without one). Otherwise npx, through cmd.exe with every
 * argument quoted on Windows.
 */
export function launchFor(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  node: string = process.execPath,
): Launch {
  const npmCli = env.npm_execpath;
  if (npmCli && /(^|[\\/])npm-cli\.c?js$/i.test(npmCli)) {
    return { file: node, args: [npmCli, "exec", "--yes", "--", ...sideloadArgs(url)], shell: false };
  }
  const [npx, ...npxArgs] = sideloadCommand(url);
  if (platform === "win32") return { file: npx, args: npxArgs.map(cmdQuoted), shell: true };
  return { file: npx, args: npxArgs, shell: false };
}

/** The script: 0 when office-addin-debugging ran and succeeded (or --dry-run printed it), else 1 or its status. */
export function main(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const found = documentUrl(args);
  if ("problem" in found) {
    console.error(`${found.problem}\n\n${USAGE}`);
    return 1;
  }
  const launch = launchFor(found.url, env);
  if (found.dryRun) {
    console.log(JSON.stringify([launch.file, ...launch.args]));
    return 0;
  }
  const run = spawnSync(launch.file, launch.args, { stdio: "inherit", shell: launch.shell });
  if (run.error) {
    console.error(`Could not start office-addin-debugging: ${run.error.message}`);
    return 1;
  }
  return run.status ?? 1;
}

if (require.main === module) process.exit(main(process.argv.slice(2)));
