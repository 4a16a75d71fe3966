import helmet from 'helmet';

/**
 * The CSP allows only what the app needs: its own scripts and styles, images from itself and the two photo hosts
 * listings may link to, and its own API and socket.io connection.
 */
export function securityHeaders(options: { https: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.imgur.com', 'https://i.redd.it'],
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
