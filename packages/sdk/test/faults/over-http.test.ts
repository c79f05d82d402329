/**
 * The fault-injection suite over real HTTP: a seeded proxy in front of `msgsvc-mock serve`, the
 * SDK on the global `fetch`. See README.md.
 */
import { defineFaultSuite } from './define-fault-suite';
import { startOverHttp } from './http-harness';

defineFaultSuite('over HTTP', startOverHttp, {
  sends: 1000,
  batches: 16,
  bulkRecipients: 3000,
  bulkChunkSize: 100,
  concurrency: 16,
  abortShare: 0.05,
});
