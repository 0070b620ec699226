// Where each value of a JSON text is, by line: a sync file's problem is named with its line, as an editor shows it.
// The text has already passed JSON.parse, so the scan only walks valid JSON.

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

/** The line and column of a JSON.parse failure, from its message's position (Node says "at position N"). */
export function jsonErrorLine(text: string, message: string): { line: number; column: number } | undefined {
  const m = /position (\d+)/.exec(message);
  if (!m) return undefined;
  const before = text.slice(0, Number(m[1]));
  const line = before.split("\n").length;
  return { line, column: Number(m[1]) - before.lastIndexOf("\n") };
}
