/** Reading the lists, and what a check expects of a page, an order and a walk. */
import { type Api, expectAnswer, type RequestSpec } from './api';
import { brief, expectThat, expectValues } from './drift';

/** A record as a list or a retrieve answers it. */
export type Entry = Record<string, unknown>;
/** A list's query parameters, repeated by giving an array. */
export type Query = NonNullable<RequestSpec['query']>;

/** A UUID v7 no service has issued: a value no record holds. */
export const ABSENT_ID = '01890000-0000-7000-8000-00000000a5e7';

/** The pagination envelope's counts, each an integer. */
const COUNTS = ['total', 'page', 'size', 'pages'] as const;

/** A 200 list answer: the pagination envelope, and the request in words (`GET /messages?size=1`). */
export type ListPage = Readonly<Record<(typeof COUNTS)[number], number>> & {
  readonly entries: Entry[];
  readonly where: string;
};

/** The ids of `entries`, in order. */
export const idsOf = (entries: readonly Entry[]): string[] => entries.map((e) => String(e.id));

/** The envelope of a 200 list answer; fails unless it has the five fields. */
export async function listPage(api: Api, path: string, query: Query = {}): Promise<ListPage> {
  const answer = await api.request('GET', path, { query });
  const body = expectAnswer(answer, 200);
  const where = `GET ${path}${answer.search}`;
  expectThat(
    COUNTS.every((name) => Number.isInteger(body[name])) && Array.isArray(body.entries),
    `the pagination envelope (total, page, size, pages, entries) from ${where}`,
    () => brief(body),
  );
  return { ...(body as unknown as ListPage), where };
}

/** Fails unless `page`'s envelope holds `want` (`entries`: how many). */
export function expectPage(
  page: ListPage,
  want: Partial<Record<(typeof COUNTS)[number] | 'entries', number>>,
): void {
  expectValues(page.where, { ...page, entries: page.entries.length }, want);
}

/** Fails unless every entry of `page` has one of `values` in `field`. */
export function expectOnly(page: ListPage, field: string, values: readonly unknown[]): void {
  const got = [...new Set(page.entries.map((e) => e[field]))];
  expectThat(
    got.every((value) => values.includes(value)),
    `${page.where}: only ${field} ${values.join(' or ')}`,
    () => `${field} ${got.join(', ')}`,
  );
}

/** Fails unless `GET path?query` is a 422 whose `fields` name the query's (first) parameter. */
export async function expectRejected(api: Api, path: string, query: Query): Promise<void> {
  const field = Object.keys(query)[0]!;
  expectAnswer(await api.request('GET', path, { query }), 422, 'VALIDATION_ERROR', [field]);
}

/** Fails unless `got` lists the ids of `want`, in its order. */
export function expectSameIds(got: readonly Entry[], want: readonly Entry[], expected: string) {
  const [walked, whole] = [got, want].map((entries) => idsOf(entries).join(', '));
  expectThat(walked === whole, expected, () => `${walked} instead of ${whole}`);
}

/**
 * `path` walked page by page, `size` a page, to its last page and `extra` pages past it; fails
 * unless the walk is the whole list read in one page of 200, id for id in its order (no overlap,
 * no gap). Returns the walk.
 */
export async function expectWalk(
  api: Api,
  path: string,
  query: Query,
  size: number,
  extra = 0,
): Promise<Entry[]> {
  const whole = await listPage(api, path, { ...query, size: 200 });
  const walked: Entry[] = [];
  for (let page = 1; page <= Math.ceil(whole.total / size) + extra; page++) {
    walked.push(...(await listPage(api, path, { ...query, size, page })).entries);
  }
  const expected = `${whole.where} walked ${size} a page: the entries of the one page, in its order`;
  expectSameIds(walked, whole.entries, expected);
  return walked;
}

/** Fails unless `entries` are strictly in `order` of `(key, id)` (ties by id, same direction). */
export function expectOrderedBy(
  entries: readonly Entry[],
  key: 'created_at' | 'updated_at',
  order: 'asc' | 'desc',
  where: string,
): void {
  for (let i = 1; i < entries.length; i++) {
    const a = entries[i - 1]!;
    const b = entries[i]!;
    const cmp =
      String(a[key]).localeCompare(String(b[key])) || String(a.id).localeCompare(String(b.id));
    expectThat(
      order === 'asc' ? cmp < 0 : cmp > 0,
      `${where}: entries in ${order} order of (${key}, id)`,
      () => `entry ${i - 1} ${a[key]} ${a.id} before entry ${i} ${b[key]} ${b.id}`,
    );
  }
}

/** The `created_at` window of `entries`: from the first one's to the last one's, inclusive. */
export function createdWindow(entries: readonly Entry[]): Record<string, string> {
  const times = entries.map((e) => String(e.created_at)).sort();
  return { created_at__ge: times[0]!, created_at__le: times[times.length - 1]! };
}
