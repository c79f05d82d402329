/**
 * What the checks read off the contract (openapi.yaml, in the copy generated for the proxy), where
 * each fact is written once: the formats and bounds of fields, the values of enumerations, the
 * names of each shape, and each operation's scope and rate limit.
 */
import { BASE_PATH, Contract } from '../../proxy/contract';
import { OPENAPI_DOCUMENT } from '../../proxy/generated/openapi-document';

/** A schema of the contract, as far as the checks read it. */
export interface Schema {
  readonly $ref?: string;
  readonly anyOf?: readonly Schema[];
  readonly type?: string;
  readonly enum?: readonly string[];
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, Schema>>;
}

/** The contract's named schemas (`components.schemas`). */
export const SCHEMAS = (OPENAPI_DOCUMENT.components as { schemas: Record<string, Schema> }).schemas;

/** The pattern of the named string schema (`Timestamp`, `Money`). */
export const patternOf = (name: string): RegExp => new RegExp(SCHEMAS[name]!.pattern!);

/** The name of the schema `schema` refers to (`#/components/schemas/Timestamp`: `Timestamp`). */
export const refName = (schema: Schema | undefined): string | undefined =>
  schema?.$ref?.split('/').pop();

/** The values of the named enumeration (`MessageListStatus`). */
export const enumOf = (name: string): readonly string[] => SCHEMAS[name]!.enum!;

/** The property names of the named object schema. */
export const namesOf = (name: string): string[] => Object.keys(SCHEMAS[name]!.properties ?? {});

let contract: Contract | undefined;

/**
 * The contract with its validators, made on first use: a run that skips the checks reading it
 * does not pay for them.
 */
export const theContract = (): Contract => (contract ??= new Contract());

/**
 * What the operation of the contract that `method path` (a path after `/c/v1`) names declares of
 * itself: the scope a key needs for it, and its rate limit per API key and minute.
 */
export function operationOf(method: string, path: string) {
  const { operation } = theContract().operationOf(`${BASE_PATH}${path}`, method)!;
  return operation as { 'x-required-scope': string; 'x-rate-limit': { limit: number } };
}
