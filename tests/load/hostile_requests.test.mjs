// Hostile requests against the real `infertrack serve`: oversized heads, bodies and targets, broken framing, URL-encoded
// traps, methods and versions the server does not speak. Each must be refused with the status RFC 9110/9112 give it,
// framing errors must close the connection (what follows could be read as a request of its own), and the server must
// still answer other clients afterwards.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { bundledDatabase, memoryOf, rawExchange, startServer } from './support.mjs';

const HOST = 'Host: 127.0.0.1\r\n';
// For answers the handler gives, which keep the connection open: the client closes it instead.
const CLOSE = 'Connection: close\r\n';
const post = (path, headers, body = '') => `POST ${path} HTTP/1.1\r\n${HOST}${headers}\r\n${body}`;
const chunked = 'Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n';

let database;
let server;

before(async () => {
  database = bundledDatabase();
  server = await startServer(database.db);
});

after(async () => {
  const status = await server?.stop();
  database?.remove();
  // Stopped by its SIGTERM: a server that had crashed would show another status.
  assert.equal(status, 0, `the server exited with ${status}: ${server?.stderr}`);
});

// Sends `request` and checks the status, the error code in the JSON body, and that a refusal of the framing closed
// the connection; then that the server answers a new client.
async function refused(request, status, error, { closes = true } = {}) {
  const answer = await rawExchange(server.port, request, { timeoutMs: 5_000 });
  assert.equal(answer.status, status, `expected ${status}, got: ${answer.text.slice(0, 300)}`);
  if (error !== undefined) {
    const body = answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4);
    assert.equal(JSON.parse(body).error, error, body);
  }
  if (closes) assert.ok(answer.closed, 'the server kept the connection open after refusing its framing');
  await stillServing();
  return answer;
}

async function stillServing() {
  assert.ok(server.running(), `the server died: ${server.stderr}`);
  const health = await rawExchange(server.port, `GET /healthz HTTP/1.1\r\n${HOST}${CLOSE}\r\n`);
  assert.equal(health.status, 200, `/healthz after it: ${health.text.slice(0, 200)}`);
}

describe('oversized requests', () => {
  test('one header field over the 8 KiB head limit: 431', () =>
    refused(`GET /healthz HTTP/1.1\r\n${HOST}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'header_too_large'));

  test('many small header fields together over the head limit: 431', () => {
    const fields = Array.from({ length: 3_000 }, (_, i) => `X-${i}: v\r\n`).join('');
    return refused(`GET /healthz HTTP/1.1\r\n${HOST}${fields}\r\n`, 431, 'header_too_large');
  });

  test('a query string over the head limit: 414', () =>
    refused(`GET /api/v1/interpolate?model=${'m'.repeat(20_000)} HTTP/1.1\r\n${HOST}\r\n`, 414, 'uri_too_long'));

  test('a path over the head limit: 414', () =>
    refused(`GET /${'p'.repeat(20_000)} HTTP/1.1\r\n${HOST}\r\n`, 414, 'uri_too_long'));

  test('so many query parameters that the target passes the head limit: 414', () => {
    const params = Array.from({ length: 1_500 }, (_, i) => `a${i}=1`).join('&');
    return refused(`GET /api/v1/interpolate?${params} HTTP/1.1\r\n${HOST}\r\n`, 414, 'uri_too_long');
  });

  for (const path of ['/api/v1/comments', '/api/v1/session', '/api/v1/account']) {
    test(`a body over the 64 KiB limit on POST ${path}: 413`, () =>
      refused(post(path, 'Content-Type: application/json\r\nContent-Length: 100000\r\n', 'x'.repeat(100_000)), 413,
        'payload_too_large'));
  }

  test('an absurd Content-Length is refused from the head, before any body: 413', () =>
    refused(post('/api/v1/comments', 'Content-Length: 1000000000000\r\n'), 413, 'payload_too_large'));

  test('Expect: 100-continue with a body over the limit gets 413, never 100 Continue', async () => {
    const answer = await refused(post('/api/v1/comments', 'Expect: 100-continue\r\nContent-Length: 10000000\r\n'), 413,
      'payload_too_large');
    assert.ok(!answer.text.includes('100 Continue'), answer.text);
  });
});

describe('broken framing', () => {
  test('a Content-Length past 64 bits: 400', () =>
    refused(post('/api/v1/comments', 'Content-Length: 99999999999999999999999\r\n'), 400, 'bad_request'));

  test('a negative Content-Length: 400', () =>
    refused(post('/api/v1/comments', 'Content-Length: -1\r\n'), 400, 'bad_request'));

  test('two different Content-Lengths: 400', () =>
    refused(post('/api/v1/comments', 'Content-Length: 1\r\nContent-Length: 2\r\n', 'ab'), 400, 'bad_request'));

  test('Content-Length beside Transfer-Encoding: 400', () =>
    refused(post('/api/v1/comments', 'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n', '0\r\n\r\n'), 400,
      'bad_request'));

  test('a transfer coding that does not end in chunked: 400', () =>
    refused(post('/api/v1/comments', 'Transfer-Encoding: gzip\r\n', `GET /smuggled HTTP/1.1\r\n${HOST}\r\n`), 400,
      'bad_request'));

  test('chunked on HTTP/1.0: 400', () =>
    refused('POST /api/v1/comments HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400, 'bad_request'));

  test('a chunk size past 64 bits: 400', () =>
    refused(post('/api/v1/comments', chunked, 'ffffffffffffffffffff\r\nx\r\n0\r\n\r\n'), 400, 'bad_request'));

  test('a chunk size that is not hexadecimal: 400', () =>
    refused(post('/api/v1/comments', chunked, 'zz\r\nx\r\n0\r\n\r\n'), 400, 'bad_request'));

  test('one chunk over the body limit: 413', () =>
    refused(post('/api/v1/comments', chunked, `100000\r\n${'x'.repeat(0x100000)}\r\n0\r\n\r\n`), 413,
      'payload_too_large'));

  test('many one-byte chunks adding up past the body limit: 413', () =>
    refused(post('/api/v1/comments', chunked, `${'1\r\nx\r\n'.repeat(70_000)}0\r\n\r\n`), 413, 'payload_too_large'));

  test('a chunk extension that never ends: 413, without the server holding it', async () => {
    const before = memoryOf(server.pid).rss;
    // Sent 16 KB every 2 ms until the answer comes, up to 16 MB: a server that kept reading would hold it all. (Paced,
    // so that the client stops soon after the answer: a flood of unread bytes behind it ends in a reset, which can
    // destroy the answer before it is read.)
    const answer = await new Promise((resolveAnswer) => {
      const socket = net.connect({ host: '127.0.0.1', port: server.port });
      const piece = 'e'.repeat(16 * 1024);
      let text = '';
      let sent = 0;
      const send = () => {
        if (text !== '' || sent >= 16 * 1024 * 1024 || socket.destroyed) return;
        sent += piece.length;
        socket.write(piece);
        setTimeout(send, 2);
      };
      socket.on('connect', () => {
        socket.write(post('/api/v1/comments', chunked, '1;'));
        send();
      });
      socket.on('data', (chunk) => { text += chunk.toString('latin1'); });
      socket.on('error', () => {});
      socket.on('close', () => resolveAnswer({ text, sent }));
    });
    assert.match(answer.text, /^HTTP\/1\.1 413 /, answer.text.slice(0, 200));
    assert.ok(memoryOf(server.pid).rss - before < 8, 'the server kept the chunk extension in memory');
    await stillServing();
  });

  test('a trailer field of 100 KB after the last chunk: 413 (it stopped the server)', () =>
    refused(post('/api/v1/comments', chunked, `1\r\nx\r\n0\r\nX-Trailer: ${'t'.repeat(100_000)}\r\n\r\n`), 413,
      'payload_too_large'));

  test('a NUL in a header field value: 400', () =>
    refused(`GET /healthz HTTP/1.1\r\n${HOST}X-A: a\0b\r\n\r\n`, 400, 'bad_request'));

  test('whitespace between a field name and its colon: 400', () =>
    refused(`GET /healthz HTTP/1.1\r\n${HOST}X-A : b\r\n\r\n`, 400, 'bad_request'));

  test('a header line without a colon: 400', () =>
    refused(`GET /healthz HTTP/1.1\r\n${HOST}NoColon\r\n\r\n`, 400, 'bad_request'));

  test('an HTTP/1.1 request without a Host, or with two: 400', async () => {
    await refused('GET /healthz HTTP/1.1\r\n\r\n', 400, 'bad_request');
    await refused(`GET /healthz HTTP/1.1\r\n${HOST}${HOST}\r\n`, 400, 'bad_request');
  });

  test('a control character or a space inside the target: 400', async () => {
    await refused(`GET /he\x01lthz HTTP/1.1\r\n${HOST}\r\n`, 400, 'bad_request');
    await refused(`GET /he lthz HTTP/1.1\r\n${HOST}\r\n`, 400, 'bad_request');
  });
});

describe('URL-encoded traps', () => {
  test('an encoded NUL in the path or the query: 400', async () => {
    await refused(`GET /points/%00 HTTP/1.1\r\n${HOST}${CLOSE}\r\n`, 400, 'bad_request', { closes: false });
    await refused(`GET /api/v1/interpolate?model=a%00b HTTP/1.1\r\n${HOST}${CLOSE}\r\n`, 400, 'bad_request',
      { closes: false });
  });

  test('an unterminated or malformed percent-escape: 400', async () => {
    for (const target of ['/api/v1/interpolate?model=%', '/api/v1/interpolate?model=%4', '/api/v1/interpolate?m%zz=1',
      '/points/%g1']) {
      await refused(`GET ${target} HTTP/1.1\r\n${HOST}${CLOSE}\r\n`, 400, 'bad_request', { closes: false });
    }
  });

  test('overlong and invalid UTF-8 in a query value, encoded or raw: 400', async () => {
    for (const value of ['%C0%AE%C0%AE', '%FF%FE', '%E2%82', '%ED%A0%80']) {
      await refused(`GET /api/v1/interpolate?model=${value}&at=100 HTTP/1.1\r\n${HOST}${CLOSE}\r\n`, 400, 'bad_parameter',
        { closes: false });
    }
    const raw = Buffer.concat([Buffer.from('GET /api/v1/interpolate?model='), Buffer.from([0xff, 0xc0, 0x80]),
      Buffer.from(`&at=100 HTTP/1.1\r\n${HOST}${CLOSE}\r\n`)]);
    await refused(raw, 400, 'bad_parameter', { closes: false });
  });

  test('encoded, raw, double-encoded and backslashed traversal reaches no file: 404', async () => {
    for (const target of ['/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/assets/../../../etc/passwd',
      '/assets/%252e%252e/%252e%252e/etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd',
      '/assets/..\\..\\..\\etc\\passwd', '/%2e%2e/%2e%2e/etc/passwd']) {
      const answer = await refused(`GET ${target} HTTP/1.1\r\n${HOST}${CLOSE}\r\n`, 404, undefined, { closes: false });
      assert.ok(!answer.text.includes('root:'), `${target} served a file`);
    }
  });
});

describe('methods and versions', () => {
  test('a method HTTP does not define: 501', async () => {
    for (const request of [`FOO /healthz HTTP/1.1\r\n${HOST}${CLOSE}\r\n`, `BREW /api/v1/headlines HTTP/1.1\r\n${HOST}${CLOSE}\r\n`,
      `PROPFIND / HTTP/1.1\r\n${HOST}${CLOSE}\r\n`, `GETT /nothing HTTP/1.1\r\n${HOST}${CLOSE}\r\n`]) {
      await refused(request, 501, 'not_implemented', { closes: false });
    }
  });

  test('a method longer than the head limit: 501', () =>
    refused(`${'G'.repeat(10_000)} / HTTP/1.1\r\n${HOST}\r\n`, 501, 'not_implemented'));

  test('a method HTTP defines, not allowed on this resource: 405 with Allow', async () => {
    for (const request of [`DELETE /api/v1/headlines HTTP/1.1\r\n${HOST}${CLOSE}\r\n`,
      `POST /healthz HTTP/1.1\r\n${HOST}Content-Length: 0\r\n${CLOSE}\r\n`]) {
      const answer = await refused(request, 405, 'method_not_allowed', { closes: false });
      assert.match(answer.text, /\r\nAllow: GET, HEAD\r\n/);
    }
    for (const method of ['PATCH', 'PUT', 'TRACE']) {
      const page = await refused(`${method} / HTTP/1.1\r\n${HOST}Content-Length: 0\r\n${CLOSE}\r\n`, 405, undefined,
        { closes: false });
      assert.match(page.text, /\r\nAllow: GET, HEAD\r\n/);
    }
  });

  test('a method HTTP defines, on a target nothing answers: 404', async () => {
    await refused(`OPTIONS * HTTP/1.1\r\n${HOST}${CLOSE}\r\n`, 404, 'not_found', { closes: false });
    await refused(`CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n${CLOSE}\r\n`, 404, 'not_found',
      { closes: false });
  });

  test('a method with characters outside a token: 400', () =>
    refused(`G(T / HTTP/1.1\r\n${HOST}\r\n`, 400, 'bad_request'));

  test('an HTTP major version other than 1: 505', async () => {
    for (const version of ['HTTP/2.0', 'HTTP/3.0', 'HTTP/0.9']) {
      await refused(`GET /healthz ${version}\r\n${HOST}\r\n`, 505, 'http_version_not_supported');
    }
    await refused('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 505, 'http_version_not_supported');
  });

  test('a later HTTP/1 minor version is answered as HTTP/1.1', async () => {
    const answer = await rawExchange(server.port, `GET /healthz HTTP/1.2\r\n${HOST}${CLOSE}\r\n`);
    assert.equal(answer.status, 200, answer.text.slice(0, 200));
    assert.ok(answer.text.startsWith('HTTP/1.1 200 '), answer.text.slice(0, 200));
  });

  test('a version that is not HTTP/DIGIT.DIGIT: 400', async () => {
    for (const version of ['HTTP/x.y', 'http/1.1', 'HTTP/1.10', 'HTTP/11']) {
      await refused(`GET /healthz ${version}\r\n${HOST}\r\n`, 400, 'bad_request');
    }
    await refused('GET /healthz\r\n\r\n', 400, 'bad_request');
  });
});
