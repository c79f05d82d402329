#!/usr/bin/env node
// The last line of `.ci/run`: both tiers' counts added together, from the reports `npm test` and
// `npm run test:release` leave in .reports/ (scripts/test.mjs). A tier with no report (it crashed
// before writing one) counts as one failure, so a broken runner can never read as green.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const tier of ['gate', 'release']) {
  try {
    const report = JSON.parse(readFileSync(`.reports/tier-${tier}.json`, 'utf8'));
    passed += report.passed;
    failed += report.failed;
    console.log(
      `${tier}: ${report.passed} passed, ${report.failed} failed in ${report.seconds.toFixed(0)} s`,
    );
  } catch (error) {
    console.log(`${tier}: no report (${error.message})`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
