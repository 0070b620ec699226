// A storage a test can look into: what a ConnectionStore wrote, under which key (a Map, as Web Storage is used).
import type { KeyValueStorage } from "../../src/session";

export function mapStorage(): KeyValueStorage & { getItem(key: string): string | null } {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}
