// Types for cluster.mjs (plain JavaScript, so `npm run cluster` needs no build); its header documents the use.

export declare const root: string;
/** How long a stopping process keeps answering with a failing health check: what the launcher sets SHUTDOWN_DRAIN_MS to. */
export declare const DRAIN_MS: number;
export { freePort } from '../free-port.mjs';
export declare function findHaproxy(): string | undefined;
export declare function localHaproxyConfig(template: string, at: { frontPort: number; ports: number[]; statsSocket: string }): string;

export interface ClusterOptions {
  /** How many API processes (default 2). */
  processes?: number;
  /** Extra environment for every process; DATABASE_URL is required. */
  env?: Record<string, string>;
  /** 'dist': the built bundle, built when stale (default); 'source': src/server.ts through tsx. */
  entry?: 'dist' | 'source';
  frontPort?: number;
  /** The HAProxy configuration to adapt (default deploy/haproxy.cfg). */
  haproxyConfig?: string;
  /** 'pipe': kept for output() (default); 'inherit': printed with an [apiN] prefix. */
  log?: 'pipe' | 'inherit';
}

export interface ApiProcess {
  index: number;
  /** HAProxy's name for it: api1, api2... */
  name: string;
  port: number;
  /** The process directly, bypassing HAProxy. */
  url: string;
  pid: number | undefined;
  running: boolean;
  /** Its stdout and stderr so far (the last megabyte or so). */
  output(): string;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export type ServerState = 'UP' | 'DOWN' | 'NOLB' | 'MAINT' | 'DRAIN' | string;

export interface Cluster {
  /** The front address (HAProxy), without a trailing slash. */
  url: string;
  /** The temporary directory: haproxy.cfg, the admin socket, the shared DATA_DIR unless env gave one. */
  dir: string;
  configFile: string;
  processes: ApiProcess[];
  haproxyOutput(): string;
  serverStates(): Promise<Record<string, ServerState>>;
  waitForState(index: number, state: ServerState, timeoutMs?: number): Promise<void>;
  /** SIGTERM; resolves when the process has exited. */
  stop(index: number): Promise<Exit>;
  /** SIGKILL; resolves when the process has exited. */
  kill(index: number): Promise<Exit>;
  /** Starts a stopped or killed process again on its port; resolves once HAProxy sees it UP. */
  start(index: number): Promise<void>;
  restart(index: number): Promise<void>;
  stopAll(): Promise<void>;
}

export declare function startCluster(options?: ClusterOptions): Promise<Cluster>;
