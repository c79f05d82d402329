/**
 * What a webhook receiver answered, kept on the attempt: the start of its response body, read from
 * the stream and no further (a receiver answering a gigabyte costs the outbox 2 KiB).
 */
import type { SavedState } from '../core/state-schemas';

/** How many bytes of a receiver's answer an attempt keeps. */
export const MAX_ANSWER_BYTES = 2048;

/** How many leading bytes of a binary answer are kept, in hex. */
const BINARY_PREVIEW_BYTES = 64;

/** A receiver's answer body as an attempt keeps it. */
export interface AnswerBody extends SavedState<'answerBody'> {}

/**
 * Reads at most {@link MAX_ANSWER_BYTES} (plus one chunk, to know whether more came) of `stream`,
 * then cancels it. A stream that fails midway (a reset, the attempt's deadline) keeps what came.
 */
export async function readAnswerBody(
  stream: ReadableStream<Uint8Array> | null | undefined,
): Promise<AnswerBody | undefined> {
  // A fetch of one's own (`webhookFetch`) may answer without a body at all.
  if (stream === null || stream === undefined) return undefined;
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let cut = false;
  try {
    while (length <= MAX_ANSWER_BYTES) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.byteLength;
    }
    if (length > MAX_ANSWER_BYTES) cut = true;
  } catch {
    cut = true;
  } finally {
    // Whatever is left is not wanted; a cancel that fails (stream already errored) changes nothing.
    reader.cancel().catch(() => undefined);
  }
  if (length === 0 && !cut) return undefined;
  const bytes = new Uint8Array(
    await new Blob(chunks as BlobPart[]).slice(0, MAX_ANSWER_BYTES).arrayBuffer(),
  );
  return describeAnswer(bytes, cut);
}

// C0 controls other than tab, line feed, carriage return and form feed, and DEL: a body holding
// them is a binary format (or a terminal escape), never a receiver's message to a person.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

/** Decodes `bytes` as UTF-8 text, or describes them in hex when they are not text. */
export function describeAnswer(bytes: Uint8Array, truncated: boolean): AnswerBody {
  let text: string | undefined;
  try {
    // `stream: true` when cut: a character split at the cut is left out instead of refused.
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes, {
      stream: truncated,
    });
  } catch {
    text = undefined;
  }
  if (text !== undefined && !CONTROL.test(text)) return { body: text, binary: false, truncated };
  const preview = [...bytes.subarray(0, BINARY_PREVIEW_BYTES)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join(' ');
  return {
    body: preview,
    binary: true,
    truncated: truncated || bytes.length > BINARY_PREVIEW_BYTES,
  };
}
