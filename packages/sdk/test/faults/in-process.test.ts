/**
 * The fault-injection suite in-process: a seeded faulty `fetch` around `mock.fetch`. See README.md.
 */
import { defineFaultSuite } from './define-fault-suite';
import { startInProcess } from './in-process-harness';

defineFaultSuite('in-process', startInProcess, {
  sends: 1000,
  batches: 16,
  bulkRecipients: 3000,
  bulkChunkSize: 100,
  concurrency: 16,
  abortShare: 0.05,
});
