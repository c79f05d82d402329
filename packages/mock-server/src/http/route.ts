/**
 * The shape of a control route, and `route()` that builds one. The control API's routes and the
 * inspector's data routes both take this shape, so it sits below both and neither imports the
 * other.
 */

import type { ObjectSchema, Schema } from '@msgsvc/mock/port';
import type { z } from 'zod';
import type { WorldEntry, WorldRegistry } from '../worlds/world-registry';

/** The prefix every control route lives under. */
export const CONTROL_PREFIX = '/__mock';

/**
 * What the server hands every control route: the world the request names (its service, log,
 * snapshots…), and the server's.
 */
export interface ControlDeps extends WorldEntry {
  /** When the server started, on the wall clock (epoch milliseconds). */
  readonly startedAt: number;
  /** Every world of the server. */
  readonly worlds: WorldRegistry;
  /** The world the request is addressed to (the default one without `/worlds/{id}`). */
  readonly world: WorldEntry;
  /** The origin the request was sent to (`http://127.0.0.1:4780`), for URLs in answers. */
  readonly origin: string;
}

/** The input of one control request. */
export interface ControlContext extends ControlDeps {
  readonly params: Readonly<Record<string, string>>;
}

/** The schema of a route's input: a JSON object body (POST, PUT, PATCH) or a query (GET, DELETE). */
type InputSchema = Schema & ObjectSchema;

type Answer<I> = (context: ControlContext, input: I) => unknown;

/** One control route; `path` is relative to {@link CONTROL_PREFIX}, `{name}` marks a parameter. */
export interface ControlRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  /** The status of a success. */
  readonly status: number;
  /** The schema the query or body is parsed with, if the route takes input. */
  readonly input: InputSchema | undefined;
  /** The answer's body, as JSON. */
  readonly answer: Answer<unknown>;
}

type Method = ControlRoute['method'];

/**
 * A route's method and path, `'GET /clock'`; a route that answers other than 200 on success says
 * so after them: `'POST /organizations 201'`.
 */
export type RouteSpec = `${Method} /${string}`;

/** A route whose answer is what `answer` returns, as JSON. */
export function route(spec: RouteSpec, answer: Answer<undefined>): ControlRoute;
/** A route whose input is parsed with `input` first (a `VALIDATION_ERROR` when it does not fit). */
export function route<S extends InputSchema>(
  spec: RouteSpec,
  input: S,
  answer: Answer<z.output<S>>,
): ControlRoute;
export function route(
  spec: RouteSpec,
  ...rest: [Answer<undefined>] | [InputSchema, Answer<unknown>]
): ControlRoute {
  const [method, path, status = '200'] = spec.split(' ') as [Method, string, string?];
  const [input, answer] = rest.length === 1 ? [undefined, rest[0]] : rest;
  return { method, path, status: Number(status), input, answer: answer as Answer<unknown> };
}
