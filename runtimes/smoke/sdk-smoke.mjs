// The SDK's smoke suite, the same on every runtime (E11): plain JavaScript that any of them loads,
// given the SDK's modules (so that a worker bundle imports them statically) and a running
// `msgsvc-mock` server. Each step logs `ok <step>` or `fail <step>: <why>`; the result is whether
// every step passed.

/** Runs every step; resolves with true when all passed. */
export async function runSmoke({ sdk, webhooks, baseUrl, controlUrl, apiKey, log }) {
  const { MessagingClient, ValidationError, NotFoundError } = sdk;
  const retries = [];
  const client = new MessagingClient({
    apiKey,
    baseUrl,
    maxRetries: 2,
    onRetry: (event) => retries.push(event),
  });
  const control = (path, body) =>
    fetch(`${controlUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (response) => {
      if (!response.ok)
        throw new Error(`control ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    });
  const check = (condition, message) => {
    if (!condition) throw new Error(message);
  };
  let failures = 0;
  const step = async (name, run) => {
    try {
      await run();
      log(`ok ${name}`);
    } catch (error) {
      failures++;
      log(`fail ${name}: ${error?.stack ?? error}`);
    }
  };

  let sentId;
  await step('send', async () => {
    const sent = await client.messages.send({ to: '+244900000001', body: 'Olá do smoke' });
    check(sent.status === 'PENDING', `status ${sent.status}`);
    check(sent.to === '+244900000001', `to ${sent.to}`);
    sentId = sent.id;
  });

  await step('retrieve', async () => {
    await control('/clock/run-until-idle', {});
    const message = await client.messages.retrieve(sentId);
    check(message.id === sentId, 'another message');
    check(message.status === 'DELIVERED', `status ${message.status}`);
  });

  await step('list and iterate', async () => {
    for (let i = 0; i < 3; i++) {
      await client.messages.send({ to: `+24490000100${i}`, body: `Mensagem ${i}` });
    }
    const page = await client.messages.list({ size: 2 });
    check(page.entries.length === 2, `page of ${page.entries.length}`);
    check(page.total >= 4, `total ${page.total}`);
    const ids = new Set();
    for await (const entry of client.messages.list({ size: 2 })) ids.add(entry.id);
    check(ids.size === page.total, `iterated ${ids.size} of ${page.total}`);
  });

  await step('a typed error', async () => {
    try {
      await client.messages.send({ to: '12', body: 'x' });
      throw new Error('no error');
    } catch (error) {
      check(error instanceof ValidationError, `got ${error?.name}: ${error?.message}`);
      check(error.status === 422, `status ${error.status}`);
      check(typeof error.fields?.to === 'string', 'no fields.to');
    }
    try {
      await client.messages.retrieve('0193a0c6-4e5f-7a6b-8c7d-8e9fa0b1c2d3');
      throw new Error('no error');
    } catch (error) {
      check(error instanceof NotFoundError, `got ${error?.name}`);
    }
  });

  await step('a retry with its key', async () => {
    await control('/faults/request-failures', {
      operation_id: 'sendMessage',
      status: 503,
      count: 1,
    });
    retries.length = 0;
    const { data, idempotencyKey } = await client.messages
      .send({ to: '+244900000001', body: 'Depois da falha' }, { idempotencyKey: 'smoke-retry-1' })
      .withResponse();
    check(idempotencyKey === 'smoke-retry-1', `key ${idempotencyKey}`);
    check(retries.length === 1, `${retries.length} retries`);
    check(retries[0].idempotencyKey === 'smoke-retry-1', 'the retry lost its key');
    const again = await client.messages.send(
      { to: '+244900000001', body: 'Depois da falha' },
      { idempotencyKey: 'smoke-retry-1' },
    );
    check(again.id === data.id, 'the same key sent twice');
  });

  await step('webhook verification', async () => {
    const secret = webhooks.generateWebhookSecret();
    const body = JSON.stringify({ type: 'message.status_updated', data: { id: sentId } });
    const headers = await webhooks.signWebhook({
      id: 'msg_smoke',
      timestamp: new Date(),
      body,
      secret,
    });
    const event = await webhooks.verifyWebhook(body, headers, secret);
    check(event.data.id === sentId, 'another event');
    try {
      await webhooks.verifyWebhook(`${body} `, headers, secret);
      throw new Error('a tampered body was accepted');
    } catch (error) {
      check(error instanceof webhooks.WebhookVerificationError, `got ${error?.name}`);
      check(error.reason === 'INVALID_SIGNATURE', `reason ${error.reason}`);
    }
  });

  return failures === 0;
}
