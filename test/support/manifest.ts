// Offline checks of an add-in manifest (office-addin-manifest validate needs Microsoft's online service).
import { XMLParser } from "fast-xml-parser";

export interface ManifestFacts {
  version: string;
  namespace: string | undefined;
  runtimeResid: string | undefined;
  functionsPageResid: string | undefined;
  functionFileResid: string | undefined;
  taskpaneResid: string | undefined;
  executeFunctions: string[];
  urls: string[];
  problems: string[];
}

type Node = Record<string, unknown>;

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", removeNSPrefix: true });

/** Every element in the tree, depth first, with its tag name. */
function* walk(node: unknown, tag = ""): Generator<[string, Node]> {
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child, tag);
    return;
  }
  if (node === null || typeof node !== "object") return;
  yield [tag, node as Node];
  for (const [key, child] of Object.entries(node as Node)) if (!key.startsWith("@")) yield* walk(child, key);
}

export function inspectManifest(xml: string): ManifestFacts {
  const doc = parser.parse(xml) as Node;
  const app = doc.OfficeApp as Node;
  const problems: string[] = [];
  const all = [...walk(app, "OfficeApp")];

  const resourceIds = new Map<string, string>(); // id -> DefaultValue
  const resources = all.find(([tag]) => tag === "Resources")?.[1];
  for (const [tag, node] of walk(resources, "Resources")) {
    if (["Image", "Url", "String"].includes(tag) && typeof node["@id"] === "string") {
      if (resourceIds.has(node["@id"])) problems.push(`resource id "${node["@id"]}" is defined twice`);
      resourceIds.set(node["@id"], String(node["@DefaultValue"] ?? ""));
    }
  }
  for (const [tag, node] of all) {
    const resid = node["@resid"];
    if (typeof resid === "string" && !resourceIds.has(resid))
      problems.push(`<${tag} resid="${resid}"> does not resolve`);
    if (typeof resid === "string" && resid.length > 32) problems.push(`resid "${resid}" is longer than 32 characters`);
  }

  const urls: string[] = [];
  for (const [, node] of all) {
    const value = node["@DefaultValue"];
    if (typeof value === "string" && /^[a-z]+:\/\//i.test(value)) urls.push(value);
  }
  for (const [tag, node] of all) if (tag === "AppDomain") urls.push(String(node["#text"] ?? node));
  for (const url of urls) if (!url.startsWith("https://")) problems.push(`URL is not https: ${url}`);

  const find = (tag: string, pred: (n: Node) => boolean = () => true) =>
    all.filter(([t, n]) => t === tag && pred(n)).map(([, n]) => n);
  const customFunctions = find("ExtensionPoint", (n) => n["@type"] === "CustomFunctions")[0];
  const cfParts = (name: string) => (customFunctions?.[name] as Node | undefined)?.SourceLocation as Node | undefined;
  const namespaceResid = (customFunctions?.Namespace as Node | undefined)?.["@resid"] as string | undefined;
  const showTaskpane = find("Action", (n) => n["@type"] === "ShowTaskpane")[0];

  return {
    version: String(app.Version),
    namespace: namespaceResid ? resourceIds.get(namespaceResid) : undefined,
    runtimeResid: (find("Runtime")[0]?.["@resid"] as string) ?? undefined,
    functionsPageResid: cfParts("Page")?.["@resid"] as string | undefined,
    functionFileResid: find("FunctionFile")[0]?.["@resid"] as string | undefined,
    taskpaneResid: (showTaskpane?.SourceLocation as Node | undefined)?.["@resid"] as string | undefined,
    executeFunctions: find("Action", (n) => n["@type"] === "ExecuteFunction").map((n) => String(n.FunctionName)),
    urls,
    problems,
  };
}
