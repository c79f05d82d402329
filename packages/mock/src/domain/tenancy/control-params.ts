/**
 * The parameters of the control-side operations, typed from their one description: the control
 * contract's request bodies (`openapi/control.yaml`), in the domain's camelCase names.
 */
// biome-ignore lint/style/noRestrictedImports: types only; a control call's params are its contract's body.
import type { components } from '../../generated/control';
import type { TenantRecord } from '../storage/record-store';

/** A snake_case name in camelCase: `organization_id` → `organizationId`. */
type Camel<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : Name;

/** An object's fields in camelCase, without `undefined`, each list read-only. */
export type Camelized<Body> = {
  readonly [K in keyof Body as Camel<K & string>]: ReadonlyList<Exclude<Body[K], undefined>>;
};
type ReadonlyList<T> = T extends (infer U)[] ? readonly U[] : T;

/** The control contract's schema `Name` (a request's body, a result) as the domain names it. */
export type ControlSchema<Name extends keyof components['schemas']> = Camelized<
  components['schemas'][Name]
>;

/** The organization a control call acts for (the HTTP route reads it from its path). */
export type OfOrganization = Pick<TenantRecord, 'organizationId'>;
