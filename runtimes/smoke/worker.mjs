// The smoke suite as a Worker, for workerd (through miniflare): the request carries the server's
// addresses, the answer the step lines and the verdict.
import * as sdk from '../../packages/sdk/dist/index.js';
import * as webhooks from '../../packages/sdk/dist/webhooks.js';
import { runSmoke } from './sdk-smoke.mjs';

export default {
  async fetch(request) {
    const { baseUrl, controlUrl, apiKey } = await request.json();
    const lines = [];
    const passed = await runSmoke({
      sdk,
      webhooks,
      baseUrl,
      controlUrl,
      apiKey,
      log: (line) => lines.push(line),
    });
    return Response.json({ passed, lines });
  },
};
