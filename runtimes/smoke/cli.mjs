// The smoke suite as a program, for runtimes that run a script file (Node, Bun, Deno):
//   <runtime> runtimes/smoke/cli.mjs BASE_URL CONTROL_URL API_KEY
// Loads the SDK's built ESM entries, prints one line per step, exits 0 when all passed.
import * as sdk from '../../packages/sdk/dist/index.js';
import * as webhooks from '../../packages/sdk/dist/webhooks.js';
import { runSmoke } from './sdk-smoke.mjs';

const args = typeof Deno === 'object' ? Deno.args : process.argv.slice(2);
const [baseUrl, controlUrl, apiKey] = args;
const passed = await runSmoke({
  sdk,
  webhooks,
  baseUrl,
  controlUrl,
  apiKey,
  log: (line) => console.log(line),
});
if (typeof Deno === 'object') Deno.exit(passed ? 0 : 1);
else process.exit(passed ? 0 : 1);
