import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pino, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config';
import { redactUrl, safeError } from './log-redact';
import { nonBlockingWriterFor, type LineSink } from './log-stream';

export type { Logger };

/**
 * The app's logger. `sink` receives the JSON lines (tests capture them; the server passes stdout's non-blocking
 * writer, or pino's asynchronous destination for a file or terminal); without one, pino's synchronous stdout.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'logPretty'>, sink?: LineSink): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    // Secrets never reach the log, whatever a future log line includes.
    redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]', '*.password', '*.passwordHash'],
    // Errors without the values of the statement that failed (drizzle's query and params, PostgreSQL's detail).
    serializers: { err: safeError, error: safeError },
  };
  if (config.logPretty) return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } });
  return sink ? pino(options, sink) : pino(options);
}

/**
 * The server's output: the logger, a plain line for people (the address), and a bounded flush for shutdown. When
 * stdout is a pipe or socket, everything goes through one non-blocking writer (NonBlockingLineWriter): a second,
 * blocking handle on the same pipe (process.stdout) would make the shared descriptor blocking again.
 */
export function createServerOutput(config: Pick<Config, 'logLevel' | 'logPretty'>) {
  const writer = config.logPretty ? undefined : nonBlockingWriterFor(1);
  // A file or terminal: pino's asynchronous destination, which writes the lines of a busy moment together (a
  // synchronous write per line was a system call per request on the API's one thread: issue 37). pino flushes it
  // on exit; `flush` below does on shutdown.
  const logger = createLogger(config, writer ?? (config.logPretty ? undefined : pino.destination({ dest: 1, sync: false })));
  if (writer) writer.onDropped = (count) => logger.warn({ droppedLines: count }, 'log lines dropped: stdout was not being read');
  return {
    logger,
    print: (text: string) => (writer ? writer.write(`${text}\n`) : void process.stdout.write(`${text}\n`)),
    /** Waits for queued lines, at most `ms`. */
    flush: async (ms: number) => {
      if (writer) await writer.flush(ms);
      else logger.flush();
    },
  };
}

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id: X-Request-Id when a proxy set one, else a new UUID; echoed back in X-Request-Id. */
    id: string;
    /** The app's logger; a line about the request names it: `req.log.warn({ reqId: req.id, ... })`. */
    log: Logger;
  }
}

/**
 * One log line per request (method, path, status, time, id, the client's address) and an id per request, taken
 * from X-Request-Id when a proxy set one and echoed back. Written by hand rather than with pino-http, whose child
 * logger and serializers per request were an eighth of the API's CPU per list page (0.76 -> 0.66 ms). Method, path
 * and status are what an operator needs; full headers would only add noise and risk. Tokens in the URL are
 * redacted (redactUrl).
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    req.id = id;
    req.log = logger;
    if (req.url === '/api/health') return next();
    const started = performance.now();
    res.once('close', () => {
      const status = res.statusCode;
      // req.ip: the client's address as "trust proxy" (TRUST_PROXY) reads it: behind HAProxy, the user's.
      const line = { reqId: id, method: req.method, url: redactUrl(req.originalUrl), status, ms: Math.round(performance.now() - started), ip: req.ip };
      if (!res.writableFinished) logger.warn(line, 'request aborted');
      else if (status >= 500) logger.error(line, 'request failed');
      else if (status >= 400) logger.warn(line, 'request completed');
      else logger.info(line, 'request completed');
    });
    next();
  };
}
