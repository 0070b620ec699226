// The proxy classes that other proxies make by name. Excel's objects form a graph (a sheet hands out its ranges, a
// range its sheet; a range its conditional formats, a format its range), and the host's modules must not: a module
// that hands out a proxy of a module that imports it back takes the class from here instead of importing it. Each
// class is declared in ProxyClasses (declaration merging) and registered, both in proxy-classes.ts, which the
// request context loads before any batch; nothing here imports a proxy.

/** The classes reached by name: empty here, filled by declaration merging in proxy-classes.ts. */
export interface ProxyClasses {}

const registered: { [K in keyof ProxyClasses]?: ProxyClasses[K] } = {};

export function registerProxies(classes: ProxyClasses): void {
  Object.assign(registered, classes);
}

/** The class registered under `name`. */
export function proxyClass<K extends keyof ProxyClasses>(name: K): ProxyClasses[K] {
  const found = registered[name];
  if (found === undefined) throw new Error(`${String(name)} is not registered (dev/workbook-host/proxy-classes.ts).`);
  return found as ProxyClasses[K];
}
