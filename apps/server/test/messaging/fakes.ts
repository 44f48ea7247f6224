import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { type AddressInfo, createServer, type Socket } from 'node:net';

export interface SinkMessage {
  mailFrom: string;
  rcptTo: string[];
  /** The DATA section as received (dot-unstuffed, CRLF line ends). */
  data: string;
  auth: { user: string; pass: string } | null;
}

export interface SmtpSink {
  port: number;
  messages: SinkMessage[];
  /** Recipients answered with 550 at RCPT TO. */
  rejectRecipients: Set<string>;
  close(): Promise<void>;
}

/**
 * Just enough of an SMTP server on 127.0.0.1 for nodemailer: EHLO/HELO, AUTH PLAIN and LOGIN (checked
 * against `credentials` when given), MAIL FROM, RCPT TO, DATA, RSET, NOOP, QUIT. No TLS is offered.
 */
export async function startSmtpSink(credentials?: { user: string; pass: string }): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const rejectRecipients = new Set<string>();
  const sockets = new Set<Socket>();
  const decode = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const say = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let mode: 'command' | 'data' | 'login-user' | 'login-pass' = 'command';
    let auth: SinkMessage['auth'] = null;
    let pendingUser = '';
    let envelope: { mailFrom: string; rcptTo: string[] } | null = null;
    let dataLines: string[] = [];

    const authenticate = (user: string, pass: string) => {
      if (credentials && (user !== credentials.user || pass !== credentials.pass)) {
        say('535 5.7.8 Authentication credentials invalid');
        return;
      }
      auth = { user, pass };
      say('235 2.7.0 Authentication successful');
    };

    const onLine = (line: string) => {
      if (mode === 'data') {
        if (line === '.') {
          messages.push({ ...envelope!, data: dataLines.join('\r\n'), auth });
          envelope = null;
          dataLines = [];
          mode = 'command';
          say('250 2.0.0 Ok: queued');
        } else {
          dataLines.push(line.startsWith('..') ? line.slice(1) : line);
        }
        return;
      }
      if (mode === 'login-user') {
        pendingUser = decode(line);
        mode = 'login-pass';
        say('334 UGFzc3dvcmQ6');
        return;
      }
      if (mode === 'login-pass') {
        mode = 'command';
        authenticate(pendingUser, decode(line));
        return;
      }
      const [verb = '', ...rest] = line.split(' ');
      const arg = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          socket.write('250-sink.local\r\n250-AUTH PLAIN LOGIN\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
          return;
        case 'HELO':
          return say('250 sink.local');
        case 'AUTH': {
          const [mechanism = '', initial] = arg.split(' ');
          if (mechanism.toUpperCase() === 'PLAIN' && initial) {
            const [, user = '', pass = ''] = decode(initial).split('\0');
            return authenticate(user, pass);
          }
          if (mechanism.toUpperCase() === 'LOGIN') {
            mode = 'login-user';
            return say('334 VXNlcm5hbWU6');
          }
          return say('504 5.5.4 Unrecognized authentication type');
        }
        case 'MAIL': {
          if (credentials && !auth) return say('530 5.7.0 Authentication required');
          envelope = { mailFrom: /<(.*)>/.exec(arg)?.[1] ?? '', rcptTo: [] };
          return say('250 2.1.0 Ok');
        }
        case 'RCPT': {
          const to = /<(.*)>/.exec(arg)?.[1] ?? '';
          if (!envelope) return say('503 5.5.1 Need MAIL command');
          if (rejectRecipients.has(to)) return say('550 5.1.1 Mailbox unavailable');
          envelope.rcptTo.push(to);
          return say('250 2.1.5 Ok');
        }
        case 'DATA':
          if (!envelope || envelope.rcptTo.length === 0) return say('503 5.5.1 Need RCPT command');
          mode = 'data';
          return say('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          envelope = null;
          return say('250 2.0.0 Ok');
        case 'NOOP':
          return say('250 2.0.0 Ok');
        case 'QUIT':
          say('221 2.0.0 Bye');
          socket.end();
          return;
        default:
          return say('502 5.5.2 Command not recognized');
      }
    };

    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let newline = buffer.indexOf('\r\n');
      while (newline !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        onLine(line);
        newline = buffer.indexOf('\r\n');
      }
    });
    say('220 sink.local ESMTP test sink');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    messages,
    rejectRecipients,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeHttp {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Answers for the next requests, in order; when empty, `fallback` answers. */
  answers: { status: number; body: string; contentType?: string }[];
  fallback: { status: number; body: string; contentType?: string };
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 that records requests and plays back canned answers (a stand-in for Twilio). */
export async function startFakeHttp(): Promise<FakeHttp> {
  const fake: Omit<FakeHttp, 'baseUrl' | 'close'> = {
    requests: [],
    answers: [],
    fallback: { status: 201, body: JSON.stringify({ sid: 'SM00000000000000000000000000000000', status: 'queued' }) },
  };
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      fake.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = fake.answers.shift() ?? fake.fallback;
      res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** A port on 127.0.0.1 where nothing listens (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A logger that keeps what it was told, for assertions. */
export function recordingLogger() {
  const lines: { level: string; obj: unknown; msg: string | undefined }[] = [];
  const at =
    (level: string) =>
    (obj: unknown, msg?: string): void => {
      if (typeof obj === 'string') lines.push({ level, obj: {}, msg: obj });
      else lines.push({ level, obj, msg });
    };
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

/** Accepts connections on 127.0.0.1 and never says a word (a provider that hangs). */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
