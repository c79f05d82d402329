/**
 * Ids and timestamps compared by rule, not value: an id recorded in one answer and the id
 * the replay target gave in its place are the same record from then on (a mapping, both ways);
 * a timestamp is compared by its format and its order relative to others, and a recorded time a
 * later request quotes is sent as the target's corresponding time.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;
const DECIMAL = /^-?\d+\.(\d+)$/;

/** Whether `text` is a UUID (any version). */
export const isUuid = (text: string): boolean => UUID.test(text);
/** Whether `text` is an ISO 8601 date-time with a time zone. */
export const isTimestamp = (text: string): boolean => TIMESTAMP.test(text);

/** A timestamp's format: its digits as `d` (`dddd-dd-ddTdd:dd:dd.dddddd+dd:dd`). */
export const timestampFormat = (text: string): string =>
  text.replace(/\d/g, 'd').replace(/[+-](?=dd:dd$)/, '±');

/** A decimal string's fraction digits (`"0.040000"` → 6), or `undefined` for other text. */
export const fractionDigits = (text: string): number | undefined => DECIMAL.exec(text)?.[1]?.length;

/** Microseconds since the epoch of an ISO 8601 timestamp (sub-microsecond digits dropped). */
function timestampMicros(text: string): number | undefined {
  const m = TIMESTAMP.exec(text);
  if (m === null) return undefined;
  const [, y, mo, d, h, mi, s, fraction = '', zone] = m;
  const ms = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!);
  return (ms - zoneMinutes(zone!) * 60_000) * 1000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}

/** A timestamp's zone (`Z`, `+01:00`, `-03:30`) as minutes ahead of UTC. */
function zoneMinutes(zone: string): number {
  return zone === 'Z'
    ? 0
    : (zone.startsWith('-') ? -1 : 1) * (+zone.slice(1, 3) * 60 + +zone.slice(4));
}

/** `text` (a timestamp) moved by `micros`, written in the same format (fraction digits, zone). */
function shiftTimestamp(text: string, micros: number): string {
  const at = timestampMicros(text);
  if (at === undefined) return text;
  const [, , , , , , , fraction = '', zone = ''] = TIMESTAMP.exec(text)!;
  const local = at + micros + zoneMinutes(zone) * 60_000_000;
  const micro = String(((local % 1_000_000) + 1_000_000) % 1_000_000).padStart(6, '0');
  const base = new Date(Math.floor(local / 1000)).toISOString().slice(0, 19);
  const digits =
    fraction.length === 0 ? '' : `.${micro.padEnd(fraction.length, '0').slice(0, fraction.length)}`;
  return `${base}${digits}${zone}`;
}

/** Relation of two timestamps: -1, 0 or 1 (`undefined` when either is not one). */
export function timeRelation(a: string, b: string): number | undefined {
  const x = timestampMicros(a);
  const y = timestampMicros(b);
  if (x === undefined || y === undefined) return undefined;
  return Math.sign(x - y);
}

/** Recorded ids and times and their counterparts at the replay target, for one replay. */
export class Correspondence {
  readonly #ids = new Map<string, string>();
  readonly #back = new Map<string, string>();
  readonly #times = new Map<string, string>();
  /** Target time minus recorded time, in microseconds, from the latest pair seen. */
  #offset = 0;

  /** The target's id for a recorded one, if known. */
  id(recorded: string): string | undefined {
    return this.#ids.get(recorded.toLowerCase());
  }

  /**
   * Pairs a recorded id with the target's; `undefined` when consistent, else why not (the
   * recorded id already stands for another, or the target's id already for another recorded).
   */
  pairId(recorded: string, replayed: string): string | undefined {
    const r = recorded.toLowerCase();
    const p = replayed.toLowerCase();
    const known = this.#ids.get(r);
    if (known !== undefined) {
      return known === p ? undefined : `stands for ${known} earlier in this replay, here ${p}`;
    }
    const other = this.#back.get(p);
    if (other !== undefined) return `the target's ${p} already stood for recorded ${other}`;
    this.#ids.set(r, p);
    this.#back.set(p, r);
    return undefined;
  }

  /** Pairs a recorded time with the target's (the first pair of each recorded time counts). */
  pairTime(recorded: string, replayed: string): void {
    const r = timestampMicros(recorded);
    const p = timestampMicros(replayed);
    if (r === undefined || p === undefined) return;
    if (!this.#times.has(recorded)) this.#times.set(recorded, replayed);
    this.#offset = p - r;
  }

  /**
   * A recorded value as the target should receive it in a request: a known id as the target's
   * id; a recorded time as the target's, or moved by the latest offset; anything else as it is.
   */
  translate(value: string): string {
    if (isUuid(value)) return this.id(value) ?? value;
    if (isTimestamp(value)) return this.#times.get(value) ?? shiftTimestamp(value, this.#offset);
    return value;
  }
}
