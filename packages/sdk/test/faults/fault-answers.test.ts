/**
 * The fault suite writes the service's error envelope itself (its answers stand in for the
 * service's); this keeps them on the contract.
 */
import { describe, expect, it } from 'vitest';
import { assertEnvelope } from '../../../../openapi/test/support/response-check';
import { type StatusFault, statusAnswer } from './fault-answers';

const TRACE = '0123456789abcdef0123456789abcdef';

describe('the fault answers', () => {
  for (const kind of ['status-500', 'status-503', 'rate-429'] as StatusFault[]) {
    it(`${kind} is the contract's error envelope, its status and trace id in body and header`, () => {
      const answer = statusAnswer(kind, TRACE);
      const body = JSON.parse(answer.body as string) as { status: number; trace_id: string };
      assertEnvelope(body, kind);
      expect(body.status).toBe(answer.status);
      expect(body.trace_id).toBe(TRACE);
      expect(answer.headers['x-trace-id']).toBe(TRACE);
      expect(answer.headers['retry-after']).toBe(kind === 'rate-429' ? '1' : undefined);
    });
  }
});
