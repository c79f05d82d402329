// One test of the worlds recipes (issue 24), in plain JavaScript over fetch so that every runner
// can import it: a test takes a world of its own (POST /__mock/worlds), limits its own sends,
// sends, moves its own clock, and then checks that it sees exactly its own doing — its messages,
// its balance, its rate-limit window, its clock. Anything else is interference, returned as a
// list of sentences. Given a `shared` world instead, tests step on each other: the control run.

const SENDS = 3;

async function call(method, url, { key, body } = {}) {
  const headers = {};
  if (key !== undefined) headers['x-api-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

/** Micro-units of a decimal string ("1000.500000" → 1000500000). */
function micro(amount) {
  const [whole, fraction = ''] = String(amount).split('.');
  return Number(whole) * 1e6 + Number(fraction.padEnd(6, '0').slice(0, 6));
}

/** A world of its own for one test. */
export async function createWorld(origin, name) {
  const created = await call('POST', `${origin}/__mock/worlds`, {
    body: { name, clock: 'virtual' },
  });
  if (created.status !== 201) throw new Error(`createWorld: ${created.status}`);
  return created.body;
}

/**
 * Runs one test in `world` (its own unless shared) and returns what it saw of other tests: an
 * empty list when isolated.
 */
export async function runScenario(origin, label, world) {
  const problems = [];
  const control = world.control_url;
  const key = world.live_key;
  const ledger = `${control}/organizations/${world.organization_id}/ledger`;
  const limited = await call('PUT', `${control}/rate-limits`, {
    body: { limits: { sendMessage: SENDS, listMessages: null } },
  });
  if (limited.status !== 200) problems.push(`rate limits: ${limited.status}`);
  const balanceBefore = micro((await call('GET', ledger)).body.balance);
  const clockBefore = Date.parse((await call('GET', `${control}/clock`)).body.now);

  const mine = [];
  const ids = [];
  for (let i = 0; i < SENDS; i++) {
    const body = `${label} #${i}`;
    const sent = await call('POST', `${origin}/c/v1/messages`, {
      key,
      body: { to: '+244923000001', body },
    });
    if (sent.status === 201) {
      mine.push(body);
      ids.push(sent.body.id);
    } else
      problems.push(
        `send ${i + 1} of ${SENDS} answered ${sent.status}: another test used the window`,
      );
  }
  const over = await call('POST', `${origin}/c/v1/messages`, {
    key,
    body: { to: '+244923000001', body: `${label} over` },
  });
  if (over.status !== 429) problems.push(`send ${SENDS + 1} answered ${over.status}, not 429`);

  // A step of the test's own length, so that any other test's step shows.
  let hash = 0;
  for (const char of label) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const step = 1_000 * (1 + (hash % 500));
  await call('POST', `${control}/clock/advance`, { body: { ms: step } });
  const clockAfter = Date.parse((await call('GET', `${control}/clock`)).body.now);
  if (clockAfter - clockBefore !== step) {
    problems.push(`the clock moved ${clockAfter - clockBefore} ms for a step of ${step} ms`);
  }

  const listed = await call('GET', `${origin}/c/v1/messages`, { key });
  const seen = (listed.body?.entries ?? []).map((message) => message.content);
  const foreign = seen.filter((content) => !mine.includes(content));
  if (foreign.length > 0) problems.push(`saw ${foreign.length} messages of other tests`);
  if (seen.length !== foreign.length + mine.length || mine.some((m) => !seen.includes(m))) {
    problems.push('did not see exactly its own messages');
  }
  let cost = 0;
  for (const id of ids) {
    cost += micro((await call('GET', `${origin}/c/v1/messages/${id}`, { key })).body.cost);
  }
  const balanceAfter = micro((await call('GET', ledger)).body.balance);
  if (balanceBefore - balanceAfter !== cost) {
    problems.push(`the balance moved ${balanceBefore - balanceAfter}, its own sends cost ${cost}`);
  }
  return problems;
}

/** A test in a world of its own, freed after: what a recipe's test body does. */
export async function isolatedTest(origin, label) {
  const world = await createWorld(origin, label);
  try {
    return await runScenario(origin, label, world);
  } finally {
    await call('DELETE', `${origin}/__mock/worlds/${world.id}`);
  }
}

/** The test as the runner's environment says: its own world, or the control run's shared one. */
export function testFromEnvironment(label) {
  const origin = process.env.MSGSVC_MOCK_URL;
  if (origin === undefined)
    throw new Error('MSGSVC_MOCK_URL is not set: run scripts/worlds-recipes.mjs');
  const shared = process.env.MSGSVC_SHARED_WORLD;
  return shared === undefined
    ? isolatedTest(origin, label)
    : runScenario(origin, label, JSON.parse(shared));
}
