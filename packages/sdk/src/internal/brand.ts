/**
 * Error classes answer `instanceof` by a brand, not by prototype identity, so that it works across
 * copies of the SDK (its ESM and CJS builds side by side, or two installed copies).
 */

/** Where a branded class keeps the registry symbol its instances carry. */
export const KIND = Symbol('kind');

/** A class as {@link brandAll} leaves it. */
export type Branded = { [KIND]: symbol; prototype: object };

/**
 * Brands error classes, keyed by their names (object keys survive minification, class names may
 * not): each prototype carries a registry symbol that every copy of the SDK shares, and
 * `instanceof` looks for that symbol. `name` lives on the prototype so minifiers cannot change it.
 */
export function brandAll(classes: Record<string, { prototype: object }>): void {
  for (const [name, cls] of Object.entries(classes)) {
    const symbol = Symbol.for(`@msgsvc/sdk:${name}`);
    (cls as Branded)[KIND] = symbol;
    Object.defineProperty(cls.prototype, symbol, { value: true });
    Object.defineProperty(cls.prototype, 'name', {
      value: name,
      writable: true,
      configurable: true,
    });
  }
}
