// The contract's text patterns, each in one place; a contract test checks each against the YAML.
import { validationError } from './errors';

/** A UUID of any version, either case (`components.schemas.Uuid`). */
export const UUID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A UUID v7, either case (`components.schemas.UuidV7`). */
export const UUID_V7_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-7[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/;

/** What every webhook signing secret starts with (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A whole webhook signing secret: the prefix and base64 of 24 to 64 bytes (`control.yaml`). */
const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/;

/** Refuses a webhook signing secret `WEBHOOK_SECRET_PATTERN` does not match, naming `field`. */
export function checkWebhookSecret(secret: string, field: string): void {
  if (!WEBHOOK_SECRET_PATTERN.test(secret)) {
    throw validationError({ [field]: 'Must be whsec_ followed by base64 of 24 to 64 bytes.' });
  }
}
