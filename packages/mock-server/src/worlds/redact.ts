/**
 * The request log's redaction is the service's own: one definition of what looks like a
 * secret, for error messages and the log alike.
 */
export { redactPath, redactQuery, redactSecrets } from '@msgsvc/mock/port';
