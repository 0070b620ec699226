// A1 addresses for the rectangles the layer writes.

export function columnLetters(index: number): string {
  let n = index + 1;
  let s = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** "A1:C10" for a zero-based top-left and a size. */
export function a1(row: number, col: number, rows: number, cols: number): string {
  const tl = `${columnLetters(col)}${row + 1}`;
  if (rows === 1 && cols === 1) return tl;
  return `${tl}:${columnLetters(col + cols - 1)}${row + rows}`;
}

/** Sheet names in formulas and addresses: quoted when they are not plain words. */
export function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

/** Parses "Sheet1!B3:D9" (or "'My sheet'!B3") into the sheet and the zero-based rectangle. */
export function parseAddress(address: string): { sheet: string; row: number; col: number; rows: number; cols: number } {
  const bang = address.lastIndexOf("!");
  const rawSheet = bang >= 0 ? address.slice(0, bang) : "";
  const sheet = rawSheet.startsWith("'") ? rawSheet.slice(1, -1).replace(/''/g, "'") : rawSheet;
  const ref = bang >= 0 ? address.slice(bang + 1) : address;
  const m = /^\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?$/i.exec(ref);
  if (!m) throw new Error(`Not a cell address: ${address}`);
  const col = (s: string) => [...s.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const r1 = Number(m[2]) - 1;
  const c1 = col(m[1]);
  const r2 = m[4] ? Number(m[4]) - 1 : r1;
  const c2 = m[3] ? col(m[3]) : c1;
  return {
    sheet,
    row: Math.min(r1, r2),
    col: Math.min(c1, c2),
    rows: Math.abs(r2 - r1) + 1,
    cols: Math.abs(c2 - c1) + 1,
  };
}
