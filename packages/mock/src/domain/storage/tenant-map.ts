/**
 * Values by tenant (an organization in one environment), remembering the tenant asked last: calls
 * come in runs for one tenant, and a tenant's key would be a fresh string each time.
 */
export class TenantMap<V> {
  // Made with the first tenant: a world keeps six of these, and a fresh world is made per test.
  private byKey: Map<string, V> | undefined;
  // Row `1000-recipient campaign, POST → COMPLETED` (≤ 20 ms): 13.7–20.5 ms with this memo,
  // 17.9–25.7 ms without.
  private last: { organizationId: string; environment: string; value: V } | undefined;

  /** @param create - a new tenant's value, made on its first {@link TenantMap.get}. */
  constructor(private readonly create: () => V) {}

  /** The tenant's value, or `undefined` when it has none yet. */
  find(organizationId: string, environment: string): V | undefined {
    const last = this.last;
    if (last?.organizationId === organizationId && last.environment === environment) {
      return last.value;
    }
    const value = this.byKey?.get(`${organizationId}|${environment}`);
    if (value !== undefined) this.last = { organizationId, environment, value };
    return value;
  }

  /** The tenant's value, made on first use. */
  get(organizationId: string, environment: string): V {
    let value = this.find(organizationId, environment);
    if (value === undefined) {
      value = this.create();
      this.byKey ??= new Map();
      this.byKey.set(`${organizationId}|${environment}`, value);
      this.last = { organizationId, environment, value };
    }
    return value;
  }

  /** Every tenant's value, in the order the tenants first appeared. */
  values(): IterableIterator<V> {
    return (this.byKey ?? new Map<string, V>()).values();
  }
}
