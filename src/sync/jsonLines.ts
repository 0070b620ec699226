// Where each value of a JSON text is, by line: a sync file's problem is named with its line, as an editor shows it.
// jsonLines walks a text that has passed JSON.parse; jsonProblem finds where one that did not first goes wrong.

/** A path into a JSON value: object keys and array indexes, from the top. */
export type JsonPath = readonly (string | number)[];

const pathKey = (path: JsonPath): string => JSON.stringify(path);

/** The line (from 1) where each value of `text` starts, by path; the key's line for an object's member. */
export function jsonLines(text: string): (path: JsonPath) => number | undefined {
  const lines = new Map<string, number>();
  let at = 0;
  let line = 1;
  const space = () => {
    while (at < text.length && /\s/.test(text[at])) if (text[at++] === "\n") line++;
  };
  const string = (): string => {
    const start = at;
    at++;
    while (text[at] !== '"') at += text[at] === "\\" ? 2 : 1;
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (path: (string | number)[]): void => {
    space();
    if (!lines.has(pathKey(path))) lines.set(pathKey(path), line);
    const c = text[at];
    if (c === "{" || c === "[") {
      at++;
      space();
      for (let i = 0; text[at] !== "}" && text[at] !== "]"; i++) {
        if (c === "{") {
          space();
          const keyLine = line;
          const key = string();
          lines.set(pathKey([...path, key]), keyLine);
          space();
          at++; // the colon
          value([...path, key]);
        } else value([...path, i]);
        space();
        if (text[at] === ",") at++;
        space();
      }
      at++;
    } else if (c === '"') string();
    else while (at < text.length && !/[\s,\]}]/.test(text[at])) at++;
  };
  value([]);
  return (path) => {
    // The nearest enclosing value that was found (a missing field: the line of its object).
    for (let n = path.length; n >= 0; n--) {
      const hit = lines.get(pathKey(path.slice(0, n)));
      if (hit !== undefined) return hit;
    }
    return undefined;
  };
}

/** Stops the scan at the first place the text is not JSON. */
class NotJson {
  constructor(
    readonly at: number,
    readonly words: string,
  ) {}
}

const LITERAL = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

const shown = (c: string | undefined) => (c === undefined ? "the end of the text" : JSON.stringify(c));

/**
 * Where a text JSON.parse refused first goes wrong, and how, in words that say what to mend (Node's own message
 * gives no position for some mistakes, a comma after the last item among them); undefined when the scan finds
 * nothing wrong.
 */
export function jsonProblem(text: string): { line: number; column: number; words: string } | undefined {
  let at = 0;
  const fail = (words: string, where = at): never => {
    throw new NotJson(where, words);
  };
  const space = () => {
    while (at < text.length && " \t\n\r".includes(text[at])) at++;
  };
  const string = () => {
    const start = at++;
    for (;;) {
      const c = text[at];
      if (c === undefined) fail('the text ends inside quotes: a closing " is missing', start);
      if (c === '"') return void at++;
      if (c < " ") fail("a line break or tab inside quotes: write it as \\n or \\t");
      if (c === "\\" && !/^(["\\/bfnrt]|u[0-9a-fA-F]{4})/.test(text.slice(at + 1, at + 6)))
        fail('a backslash inside quotes must start \\\\, \\", \\/, \\b, \\f, \\n, \\r, \\t or \\u and four hex digits');
      at += c === "\\" ? 2 : 1;
    }
  };
  const members = (close: "}" | "]") => {
    const item = close === "}" ? "field" : "item";
    at++;
    space();
    if (text[at] === close) return void at++;
    for (;;) {
      if (close === "}") {
        if (text[at] !== '"') fail(`a field name in double quotes must come here, not ${shown(text[at])}`);
        string();
        space();
        if (text[at] !== ":") fail(`a colon must follow the field name, not ${shown(text[at])}`);
        at++;
      }
      value();
      space();
      if (text[at] === close) return void at++;
      if (text[at] !== ",") fail(`a comma or "${close}" must come after the ${item}, not ${shown(text[at])}`);
      const comma = at++;
      space();
      if (text[at] === close) fail(`a comma after the last ${item}: JSON takes none before "${close}"`, comma);
    }
  };
  const value = () => {
    space();
    const c = text[at];
    if (c === "{" || c === "[") return members(c === "{" ? "}" : "]");
    if (c === '"') return string();
    LITERAL.lastIndex = at;
    const m = LITERAL.exec(text);
    if (m && !/[\w.+-]/.test(text[at + m[0].length] ?? "")) return void (at += m[0].length);
    fail(
      c === "'"
        ? "text must be in double quotes, not single ones"
        : `a value (text in double quotes, a number, true, false, null, {...} or [...]) must come here, not ${shown(c)}`,
    );
  };
  try {
    value();
    space();
    if (at < text.length) fail(`more text after the end of the JSON, from ${shown(text[at])}`);
    return undefined;
  } catch (error) {
    // Only a text nested too deep for the scan's stack ends here otherwise: Node's own words are said then.
    if (!(error instanceof NotJson)) return undefined;
    const before = text.slice(0, error.at);
    const line = before.split("\n").length;
    return { line, column: error.at - before.lastIndexOf("\n"), words: error.words };
  }
}
