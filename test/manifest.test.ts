import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inspectManifest } from "./support/manifest";

const root = join(__dirname, "..");
const xml = readFileSync(join(root, "manifest.xml"), "utf8");
const facts = inspectManifest(xml);

describe("manifest.xml", () => {
  test("every resid resolves and every URL is https", () => {
    expect(facts.problems).toEqual([]);
    expect(facts.urls.length).toBeGreaterThan(5);
  });

  test("custom functions live in the SALES namespace", () => {
    expect(facts.namespace).toBe("SALES");
  });

  test("one shared runtime: runtime, functions page, function file and pane are the same page", () => {
    expect(facts.runtimeResid).toBe("Taskpane.Url");
    expect(facts.functionsPageResid).toBe(facts.runtimeResid);
    expect(facts.functionFileResid).toBe(facts.runtimeResid);
    expect(facts.taskpaneResid).toBe(facts.runtimeResid);
    expect(xml).toMatch(/<Runtime resid="Taskpane.Url" lifetime="long"\s*\/>/);
    expect(xml).toMatch(/<Set Name="SharedRuntime" MinVersion="1.1"\s*\/>/);
    // CustomFunctions.Error with a message (every #VALUE! and #N/A the SALES functions explain) needs 1.2.
    expect(xml).toMatch(/<Set Name="CustomFunctionsRuntime" MinVersion="1.2"\s*\/>/);
    // Table.resize (every multi-block write and every refresh) needs ExcelApi 1.13.
    expect(xml).toMatch(/<Set Name="ExcelApi" MinVersion="1.13"\s*\/>/);
  });

  test("the version is a valid four-part version", () => {
    expect(facts.version).toMatch(/^(0|[1-9]\d{0,4})(\.(0|[1-9]\d{0,4})){3}$/);
  });

  test("the ribbon has the Sales Data and Refresh all buttons, and Refresh all is a registered command", () => {
    expect(xml).toContain('<bt:String id="ShowPane.Label" DefaultValue="Sales Data" />');
    expect(xml).toContain('<bt:String id="RefreshAll.Label" DefaultValue="Refresh all" />');
    expect(facts.executeFunctions).toEqual(["refreshAll"]);
    const commands = readFileSync(join(root, "src/commands/commands.ts"), "utf8");
    for (const name of facts.executeFunctions) expect(commands).toContain(`Office.actions.associate("${name}"`);
  });

  test("the checker itself catches a dangling resid and an http URL", () => {
    const broken = xml
      .replace('resid="Group.Label"', 'resid="Missing.Label"')
      .replace(
        'DefaultValue="https://localhost:3000/assets/icon-16.png"',
        'DefaultValue="http://localhost:3000/assets/icon-16.png"',
      );
    const problems = inspectManifest(broken).problems.join("\n");
    expect(problems).toContain('resid="Missing.Label"> does not resolve');
    expect(problems).toContain("URL is not https: http://localhost:3000/assets/icon-16.png");
  });
});
