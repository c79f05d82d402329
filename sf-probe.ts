import { createMockService } from './packages/mock/src/index';
import { createMockServer } from './packages/mock/src/server/node-server';
import { rawExchange, requestBytes } from './packages/mock/test/server/support/raw-http';
const mock = createMockService();
const liveKey = mock.seedDemo().liveKey;
const server = createMockServer({ mock });
const { port } = await server.listen(0, '127.0.0.1');
server.server.on('clientError', (e: any) => console.log('clientError', e.code));
const show = (x: any) => console.log(x.status, x.text);
show(await rawExchange(port, Buffer.concat([Buffer.from('GET /c/v1/messages/'), Buffer.from('é', 'utf8'), Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\nx-api-key: ' + liveKey + '\r\n\r\n')])));
show(await rawExchange(port, requestBytes('GET', '/c/v1/' + liveKey, { 'x-api-key': liveKey })));
show(await rawExchange(port, requestBytes('GET', '/c/v1/messages/' + liveKey, { 'x-api-key': liveKey })));
show(await rawExchange(port, requestBytes('GET', '/c/v1/messages?status=' + liveKey, { 'x-api-key': liveKey })));
try { show(await rawExchange(port, requestBytes('CONNECT', '127.0.0.1:443', {}))); } catch (e) { console.log('connect err', e); }
await server.close();
