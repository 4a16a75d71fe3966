import type { RequestHandler } from 'express';
import helmet from 'helmet';

export interface SecurityOptions {
  https: boolean;
  /** Where uploads are read besides this origin: S3_PUBLIC_URL's origin, which /uploads redirects to. */
  imageOrigins?: string[];
}

/**
 * The CSP allows only what the app needs: its own scripts and styles, images from itself, the photo store's public
 * address and the two photo hosts listings may link to, and its own API and socket.io connection.
 */
function helmetMiddleware(options: SecurityOptions) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.imgur.com', 'https://i.redd.it', ...(options.imageOrigins ?? [])],
        fontSrc: ["'self'"],
        // CSP 3: 'self' also covers ws:// and wss:// to this origin (socket.io).
        connectSrc: ["'self'"],
        frameSrc: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Served over plain http on localhost by default; HSTS only makes sense behind https.
    strictTransportSecurity: options.https,
  });
}

/**
 * The headers helmet sets, read once: with this configuration they are the same on every response, so one
 * middleware sets them instead of helmet's twelve run on every request (each a hop through the router).
 */
function helmetHeaders(middleware: RequestHandler): Map<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let done = false;
  // Helmet reads nothing from the request with this configuration; it only sets and removes headers.
  middleware({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously; its headers cannot be read once');
  return headers;
}

export function securityHeaders(options: SecurityOptions): RequestHandler {
  const headers = helmetHeaders(helmetMiddleware(options));
  return (_req, res, next) => {
    res.setHeaders(headers);
    next();
  };
}
