// The codebase's shape, checked: each src folder imports only the folders its main file says it may (type-only
// imports aside), and no two exported things in src share a name (re-exports through barrels aside).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";

const SRC = join(__dirname, "..", "src");

/** What each folder may import at run time (besides itself and npm packages). */
const MAY_IMPORT: Record<string, string[]> = {
  core: [],
  api: ["core"],
  excel: ["core"],
  session: ["core", "api"],
  refresh: ["core", "api", "excel"],
  functions: ["core", "api", "excel", "session"],
  commands: ["core", "refresh", "session"],
  taskpane: ["core", "api", "excel", "session", "refresh", "functions"],
  sync: ["core", "api"],
  cli: ["core", "api", "sync"],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({
  path,
  folder: relative(SRC, path)
    .split(sep)[0]
    .replace(/\.tsx?$/, ""),
  source: ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true),
}));

/** Run-time imports (and re-exports) of a file that point into another src folder. */
function crossImports(file: (typeof files)[number]): string[] {
  const found: string[] = [];
  for (const node of file.source.statements) {
    const isImport = ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly;
    const isExport = ts.isExportDeclaration(node) && !node.isTypeOnly;
    if (!(isImport || isExport) || !node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) continue;
    const spec = node.moduleSpecifier.text;
    if (!spec.startsWith(".")) continue;
    const target = relative(SRC, join(file.path, "..", spec)).split(sep)[0];
    if (target !== file.folder && !target.startsWith("..")) found.push(target);
  }
  // require("./x") counts too (the runtime root's, the sync's engines loaded when needed), as an import does
  file.source.forEachChild(function visit(n): void {
    if (ts.isCallExpression(n) && n.expression.getText() === "require" && ts.isStringLiteral(n.arguments[0])) {
      const target = relative(SRC, join(file.path, "..", n.arguments[0].text)).split(sep)[0];
      if (target !== file.folder) found.push(target);
    }
    n.forEachChild(visit);
  });
  return found;
}

test("each src folder imports only what its layer allows (the runtime root wires them all)", () => {
  const wrong = files
    .filter((f) => f.folder in MAY_IMPORT)
    .flatMap((f) =>
      crossImports(f)
        .filter((t) => !MAY_IMPORT[f.folder].includes(t))
        .map((t) => `${relative(SRC, f.path)} imports src/${t}`),
    );
  expect(wrong).toEqual([]);
  expect(files.map((f) => f.folder).filter((f) => !(f in MAY_IMPORT) && f !== "runtime" && f !== "help")).toEqual([]);
});

test("no two exported things in src share a name", () => {
  const owners = new Map<string, string[]>();
  for (const f of files) {
    for (const node of f.source.statements) {
      const exported = ts.canHaveModifiers(node)
        ? ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
        : false;
      if (!exported) continue;
      const names = ts.isVariableStatement(node)
        ? node.declarationList.declarations.map((d) => d.name.getText())
        : "name" in node && node.name
          ? [(node.name as ts.Identifier).text]
          : [];
      for (const name of names) owners.set(name, [...(owners.get(name) ?? []), relative(SRC, f.path)]);
    }
  }
  const shared = [...owners]
    .filter(([, where]) => where.length > 1)
    .map(([name, where]) => `${name}: ${where.join(", ")}`);
  expect(shared).toEqual([]);
});

/** Every file of `known` a file names: imports and re-exports (type-only too), require(), import("...") types. */
function namedFiles(file: { path: string; source: ts.SourceFile }, known: ReadonlySet<string>): string[] {
  const resolved = (spec: string) =>
    ["", ".ts", ".tsx", `${sep}index.ts`, `${sep}index.tsx`]
      .map((end) => join(file.path, "..", spec) + end)
      .find((path) => known.has(path));
  const found = new Set<string>();
  file.source.forEachChild(function visit(n): void {
    const named =
      (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier
        ? n.moduleSpecifier
        : ts.isCallExpression(n) && n.expression.getText() === "require"
          ? n.arguments[0]
          : ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument)
            ? n.argument.literal
            : undefined;
    const path = named && ts.isStringLiteral(named) && named.text.startsWith(".") ? resolved(named.text) : undefined;
    if (path) found.add(path);
    n.forEachChild(visit);
  });
  return [...found];
}

/** The import cycles of a graph: each group of two or more nodes that reach one another, its nodes sorted. */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles
    .map((c) => c.join(" ~ "))
    .sort()
    .map((c) => c.split(" ~ "));
}

test("no src module imports one that imports it back, directly or round a longer cycle (type-only imports too)", () => {
  // The check itself finds a cycle of two and a longer one, and none in a chain.
  const graph = (edges: string) => {
    const g = new Map<string, string[]>();
    for (const [a, b] of edges.split(" ").map((e) => e.split(">"))) g.set(a, [...(g.get(a) ?? []), b]);
    return g;
  };
  expect(importCycles(graph("a>b b>a b>c"))).toEqual([["a", "b"]]);
  expect(importCycles(graph("a>b b>c c>a c>d d>e"))).toEqual([["a", "b", "c"]]);
  expect(importCycles(graph("a>b b>c a>c"))).toEqual([]);
  const known = new Set(files.map((f) => f.path));
  const imports = new Map(files.map((f) => [relative(SRC, f.path).split(sep).join("/"), namedFiles(f, known)]));
  for (const [from, to] of imports)
    imports.set(
      from,
      to.map((p) => relative(SRC, p).split(sep).join("/")),
    );
  expect(importCycles(imports)).toEqual([]);
});

/** The parts every database engine's folder under src/sync holds, by the same file names. */
const ENGINE_PARTS = ["connect.ts", "dialect.ts", "lock.ts", "session.ts"];

test("each engine folder under src/sync holds the same parts, and only src/sync/database.ts loads one, lazily", () => {
  const SYNC = join(SRC, "sync");
  const engines = readdirSync(SYNC).filter((name) => statSync(join(SYNC, name)).isDirectory());
  expect(engines.sort()).toEqual(["duckdb", "postgres"]);
  for (const engine of engines)
    expect([engine, readdirSync(join(SYNC, engine)).sort()]).toEqual([engine, ENGINE_PARTS]);
  // Outside its folder an engine is loaded by database.ts's require alone, so a command loads one driver only.
  const wrong = files.flatMap((f) => {
    const own = relative(SYNC, f.path).split(sep)[0];
    const runTime = f.source.statements.flatMap((n) =>
      (ts.isImportDeclaration(n) && !n.importClause?.isTypeOnly) || (ts.isExportDeclaration(n) && !n.isTypeOnly)
        ? [n.moduleSpecifier]
        : [],
    );
    const required: ts.Expression[] = [];
    f.source.forEachChild(function visit(n): void {
      if (ts.isCallExpression(n) && n.expression.getText() === "require") required.push(n.arguments[0]);
      n.forEachChild(visit);
    });
    const into = (named: ts.Expression | undefined) => {
      if (!named || !ts.isStringLiteral(named) || !named.text.startsWith(".")) return undefined;
      const target = relative(SYNC, join(f.path, "..", named.text)).split(sep)[0];
      return engines.includes(target) && target !== own ? target : undefined;
    };
    const byImport = runTime.filter(into).map((n) => `${relative(SRC, f.path)} imports src/sync/${into(n)}`);
    const byRequire = relative(SRC, f.path) === join("sync", "database.ts") ? [] : required.filter(into);
    return [...byImport, ...byRequire.map((n) => `${relative(SRC, f.path)} requires src/sync/${into(n)}`)];
  });
  expect(wrong).toEqual([]);
});

/**
 * src/core by concern: work in turns and slices, the query and its rules, reading an answer, what a refresh keeps and
 * reports; each folder
 * imports only those before it (type-only imports aside) and the few loose files every rule shares.
 */
const CORE_MAY_IMPORT: Record<string, string[]> = {
  schedule: [],
  query: ["schedule"],
  answer: ["schedule", "query"],
  refresh: ["schedule", "query", "answer"],
};
/** The loose files of src/core (at most four): shared by every folder of it, importing none of them. */
const CORE_LOOSE = ["dates", "errorText", "words"];

test("src/core: folders by concern, each importing only those before it and the loose files", () => {
  const core = files.filter((f) => f.folder === "core");
  const part = (path: string) => relative(join(SRC, "core"), path).split(sep);
  const loose = core.filter((f) => part(f.path).length === 1).map((f) => part(f.path)[0].replace(/\.ts$/, ""));
  expect(loose.sort()).toEqual(CORE_LOOSE);
  expect(core.map((f) => part(f.path)[0]).filter((d) => !d.endsWith(".ts") && !(d in CORE_MAY_IMPORT))).toEqual([]);
  const wrong = core.flatMap((f) => {
    const [own] = part(f.path);
    const allowed = own in CORE_MAY_IMPORT ? [own, ...CORE_MAY_IMPORT[own]] : [];
    return coreImports(f)
      .filter((t) => !CORE_LOOSE.includes(t.replace(/\.ts$/, "")) && !allowed.includes(t))
      .map((t) => `${relative(SRC, f.path)} imports src/core/${t}`);
  });
  expect(wrong).toEqual([]);
});

/** Run-time imports of a core file, by the core folder (or loose file name) they point into. */
function coreImports(file: (typeof files)[number]): string[] {
  return file.source.statements.flatMap((node) => {
    const isImport = ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly;
    const isExport = ts.isExportDeclaration(node) && !node.isTypeOnly;
    if (!(isImport || isExport) || !node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) return [];
    if (!node.moduleSpecifier.text.startsWith(".")) return [];
    const target = relative(join(SRC, "core"), join(file.path, "..", node.moduleSpecifier.text)).split(sep);
    return target[0].startsWith("..") ? [] : [target[0]];
  });
}

/** Each folder's main file: the one a newcomer opens first. */
const MAIN_FILE: Record<string, string> = {
  core: "core/query/query.ts",
  api: "api/index.ts",
  excel: "excel/index.ts",
  session: "session/index.ts",
  refresh: "refresh/index.ts",
  functions: "functions/index.ts",
  commands: "commands/commands.ts",
  taskpane: "taskpane/App.tsx",
  sync: "sync/index.ts",
  cli: "cli/main.ts",
};

test("each folder's main file opens with what it owns and what it may import", () => {
  expect(Object.keys(MAIN_FILE).sort()).toEqual(Object.keys(MAY_IMPORT).sort());
  const silent = Object.values(MAIN_FILE).filter((main) => {
    const head = readFileSync(join(SRC, main), "utf8").split("\n").slice(0, 6).join("\n");
    return !/^\/\//.test(head) || !/\bimport/i.test(head);
  });
  expect(silent).toEqual([]);
});

test("every file in src opens with a comment on what it is for", () => {
  const bare = files.filter((f) => !/^(\/\/|\/\*)/.test(f.source.text)).map((f) => relative(SRC, f.path));
  expect(bare).toEqual([]);
});

test("one way to run writes one at a time: src/core/schedule/turns.ts, taken by every write that must not interleave", () => {
  const text = (rel: string) => readFileSync(join(SRC, rel), "utf8");
  // A hand-made promise tail or keyed lock anywhere else is a second serializer. (src/sync/syncReads.ts sequences its
  // reads, and stops them at a failure: not a write.)
  const handMade = /= [\w.()?]+\.then\((\w+), \1\)|Map<\w+, Promise<void>>|: Promise<unknown> = Promise\.resolve\(\)/;
  const others = files
    .map((f) => relative(SRC, f.path))
    .filter(
      (rel) =>
        ![join("core", "schedule", "turns.ts"), join("sync", "syncReads.ts")].includes(rel) && handMade.test(text(rel)),
    );
  expect(others).toEqual([]);
  for (const rel of [
    "refresh/queue.ts",
    "excel/queryStore.ts",
    "api/readThenWrite.ts",
    "sync/syncAll.ts",
    "sync/duckdb/lock.ts",
  ])
    expect([rel, /from "(\.\.\/)+core\/schedule\/turns"/.test(text(rel))]).toEqual([rel, true]);
});

test("no dev/ module imports one that imports it back, directly or round a longer cycle (type-only imports too)", () => {
  // The workbook host's proxies reach the ones that import them through dev/workbook-host/proxy-registry.ts.
  const DEV = join(__dirname, "..", "dev");
  const dev = sourceFiles(DEV).map((path) => ({
    path,
    source: ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true),
  }));
  const known = new Set(dev.map((f) => f.path));
  const name = (path: string) => relative(DEV, path).split(sep).join("/");
  const imports = new Map(dev.map((f) => [name(f.path), namedFiles(f, known).map(name)]));
  expect(imports.size).toBeGreaterThan(100);
  expect(importCycles(imports)).toEqual([]);
});

test("dev/ (the simulator, the workbook host, the bench and the harness both share) never imports from test/", () => {
  const DEV = join(__dirname, "..", "dev");
  const fromTest = sourceFiles(DEV).filter((path) =>
    /(from |import |require\()"(\.\.\/)+test\//.test(readFileSync(path, "utf8")),
  );
  expect(fromTest.map((p) => relative(DEV, p))).toEqual([]);
});

/** Run-time imports of a file: each imported name with the src path (no extension) it comes from. */
function importedNames(file: (typeof files)[number]): { name: string; from: string }[] {
  return file.source.statements.flatMap((node) => {
    if (!ts.isImportDeclaration(node) || node.importClause?.isTypeOnly || !ts.isStringLiteral(node.moduleSpecifier))
      return [];
    const spec = node.moduleSpecifier.text;
    if (!spec.startsWith(".")) return [];
    const from = relative(SRC, join(file.path, "..", spec))
      .split(sep)
      .join("/");
    const bindings = node.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) return [];
    return bindings.elements.filter((e) => !e.isTypeOnly).map((e) => ({ name: (e.propertyName ?? e.name).text, from }));
  });
}

test("one rewrite plan, two surfaces: the workbook's planRewrite and the database's planWindow decide through core's planFolded", () => {
  const callers = (name: string, inside?: string) =>
    files
      .filter((f) => inside === undefined || f.folder === inside)
      .filter((f) => importedNames(f).some((i) => i.name === name && (inside === "core" || i.from.startsWith("core/"))))
      .map((f) => relative(SRC, f.path).split(sep).join("/"));
  expect(callers("planRewrite", "refresh")).toEqual(["refresh/writeForRefresh.ts"]);
  expect(callers("planWindow", "sync")).toEqual(["sync/syncPlan.ts"]);
  // Both plans take their decision (held, or written with what is said) from one function, and nothing else does.
  expect(callers("planFolded")).toEqual(["core/refresh/plan.ts", "core/refresh/planWindow.ts"]);
  // The steps under them (from the answer alone, from the stored cells) are run by the plans, never again outside core.
  const steps = files
    .filter((f) => f.folder !== "core")
    .flatMap((f) =>
      importedNames(f)
        .filter((i) => ["planFromAnswer", "planFromStored", "revisionOf", "planFolded"].includes(i.name))
        .map((i) => `${relative(SRC, f.path)} imports ${i.name}`),
    );
  expect(steps).toEqual([]);
});

/**
 * Excel serials are src/excel's (excelDays.ts): the rules of src/core read a store's days through DayCells (Excel's
 * serials, the database's ISO text) and work on days. No file of src/core defines an Excel-serial helper (the
 * formula argument reader aside: Excel passes a SALES formula's date argument as a serial) or imports one.
 */
test("src/core: days, not Excel serials: no serial helper defined or imported (the formula argument reader aside)", () => {
  const core = files.filter((f) => f.folder === "core");
  const rel = (f: (typeof files)[number]) => relative(SRC, f.path).split(sep).join("/");
  // A helper: a top-level function, or a constant holding one, whose name says serial.
  const isHelper = (s: ts.Statement) =>
    (ts.isFunctionDeclaration(s) && !!s.name && /serial/i.test(s.name.text)) ||
    (ts.isVariableStatement(s) &&
      s.declarationList.declarations.some(
        (d) =>
          /serial/i.test(d.name.getText()) &&
          !!d.initializer &&
          (ts.isArrowFunction(d.initializer) ||
            ts.isFunctionExpression(d.initializer) ||
            ts.isCallExpression(d.initializer)),
      ));
  expect(core.filter((f) => f.source.statements.some(isHelper)).map(rel)).toEqual(["core/query/relativeDates.ts"]);
  const users = core.filter((f) => importedNames(f).some((i) => /serial/i.test(i.name))).map(rel);
  expect(users).toEqual([]);
  // And Excel's serials are defined where cells meet Excel.
  const excelDays = files.find((f) => rel(f) === "excel/excelDays.ts");
  expect(excelDays?.source.statements.some(isHelper)).toBe(true);
});

/**
 * A file's name says its job, and one name means one job: no two files of src share a name, except a folder's
 * barrel (index.ts), a layer's errors (errors.ts: each layer's failures in its own words), the parts of an engine
 * folder (the same parts by design) and the session folder's session.ts. Names that say nothing are not used.
 */
test("src: no two files share a name beyond the barrels, the layers' errors and the engine parts; no name says nothing", () => {
  const names = new Map<string, string[]>();
  for (const f of files) {
    const rel = relative(SRC, f.path).split(sep).join("/");
    const name = rel.split("/").pop()!;
    names.set(name, [...(names.get(name) ?? []), rel]);
  }
  const shared = [...names]
    .filter(([name, at]) => at.length > 1 && !["index.ts", "errors.ts", ...ENGINE_PARTS].includes(name))
    .map(([name, at]) => `${name}: ${at.join(", ")}`);
  expect(shared).toEqual([]);
  const vague = [...names.keys()].filter((n) =>
    /^(deps|steps|all|table|run|block|read|rows|names|utils?|helpers?|misc)\.tsx?$/.test(n),
  );
  expect(vague).toEqual([]);
});

/**
 * Tests go through the public faces: an export kept for tests alone (knip's `@public`, which `npm run lint` runs with
 * --production) is a seam, at most 12 of them, each saying why in its comment ("A seam: ...").
 */
test("src: at most 12 exports kept for tests (@public), each a seam with its reason", () => {
  const tagged = files.flatMap((f) =>
    [...f.source.text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*?)@public[\s\S]*?\*\//g)].map((m) => ({
      at: relative(SRC, f.path),
      reason: /A seam: /.test(m[0]),
    })),
  );
  expect(tagged.length).toBeGreaterThan(0);
  expect(tagged.length).toBeLessThanOrEqual(12);
  expect(tagged.filter((t) => !t.reason).map((t) => t.at)).toEqual([]);
});
