/**
 * The webhook signing secret printed on start for each organization: endpoints
 * registered without their own secret sign with it.
 */
import type { MockService } from '@msgsvc/mock';

/** An organization's webhook secret (`whsec_…`), or `undefined` when the service has none. */
export function readWebhookSecret(mock: MockService, organizationId: string): string | undefined {
  try {
    return mock.control.webhookSecret(organizationId);
  } catch {
    return undefined;
  }
}
