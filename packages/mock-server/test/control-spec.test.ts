/**
 * openapi/control.yaml and the control routes describe the same API: every route the server has
 * is documented, and every documented operation has a route (the page, served outside the route
 * table, aside).
 */
import { describe, expect, it } from 'vitest';
import { CONTROL_ROUTES } from '../src/control-http/index';
import { documentedOperations } from './support/control-contract';

const PAGE = 'GET /__mock/inspector';

describe('openapi/control.yaml', () => {
  it('documents exactly the control routes', () => {
    const routes = CONTROL_ROUTES.map(
      (route) => `${route.method} /__mock${route.path.replace(/:([a-z_]+)/g, '{$1}')}`,
    );
    expect([...routes].sort()).toEqual(documentedOperations.filter((op) => op !== PAGE).sort());
    expect(documentedOperations).toContain(PAGE);
  });
});
