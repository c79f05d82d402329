/**
 * Writes a cassette as the proxy records: the header at once, then each exchange of the
 * public API, redacted, as one line when it finishes. The file is created afresh and readable by
 * its owner only (0600, as the state file): redacted is not public.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { CASSETTE_VERSION, type CassetteHeader } from './cassette-format';
import { Redactor } from './redactor';
import type { TappedExchange } from './tapped-exchange';

/** The public API's path prefix: what a cassette records, and what its paths are relative to. */
const RECORDED_BASE_PATH = '/c/v1';

/** A cassette being written. */
export class CassetteWriter {
  readonly #fd: number;
  readonly #redactor = new Redactor();
  #seq = 0;
  #closed = false;
  /** Exchanges written so far. */
  written = 0;

  /** Creates (or truncates) `file` and writes the header. @throws the file system's error. */
  constructor(file: string) {
    this.#fd = openSync(file, 'w', 0o600);
    const header: CassetteHeader = {
      cassette: 'msgsvc-verify',
      version: CASSETTE_VERSION,
      recorded_at: new Date().toISOString(),
      base_path: RECORDED_BASE_PATH,
      redaction:
        'API keys as references (k1…) with their prefix; webhook secrets cut; phone numbers mapped to fictional +244 98… numbers (the +244 90… test range kept), in bodies, paths, queries and idempotency keys; message contents and contact names and e-mails as same-length tokens; bodies that are not JSON replaced by a marker as long (D143)',
    };
    writeSync(this.#fd, `${JSON.stringify(header)}\n`);
  }

  /**
   * The sequence number of a request that has just arrived at `url` (the path the client sent),
   * or `undefined` when it is outside the public API and is not recorded.
   */
  arrived(url: string): number | undefined {
    if (this.#closed) return undefined;
    const base = RECORDED_BASE_PATH;
    if (url !== base && !url.startsWith(`${base}/`) && !url.startsWith(`${base}?`))
      return undefined;
    return ++this.#seq;
  }

  /** Writes a finished exchange, if its request was recorded (it has a `seq`). */
  record(exchange: TappedExchange): void {
    const seq = exchange.arrival.seq;
    if (this.#closed || seq === undefined) return;
    const line = this.#redactor.redact(exchange, seq, RECORDED_BASE_PATH);
    writeSync(this.#fd, `${JSON.stringify(line)}\n`);
    this.written++;
  }

  /** Closes the file; later exchanges are not recorded. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.#fd);
  }
}
