// `npm run cluster [N]`: N API processes (CLUSTER_PROCESSES, default 2) behind HAProxy on this machine, against
// DATABASE_URL and REDIS_URL, for trying it. Prints the front address; Ctrl-C stops them all.
import { startCluster } from './cluster.mjs';

const count = Number(process.argv[2] ?? process.env.CLUSTER_PROCESSES ?? 2);
if (!Number.isInteger(count) || count < 1) {
  console.error(`The number of processes must be a whole number of at least 1 (got "${process.argv[2] ?? process.env.CLUSTER_PROCESSES}").`);
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  console.error('npm run cluster needs DATABASE_URL (a PostgreSQL database every process shares), e.g.\n' +
    '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/keeb REDIS_URL=redis://127.0.0.1:6379 npm run cluster');
  process.exit(1);
}
if (!process.env.REDIS_URL) console.warn('Warning: REDIS_URL is not set: chat between users on different processes needs it.');

// Every variable the processes should see: the caller's environment (S3_*, DATABASE_REPLICA_URLS, ...).
const env = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined));
delete env.PORT;
const frontPort = process.env.CLUSTER_PORT ? Number(process.env.CLUSTER_PORT) : 8080;
let cluster;
try {
  cluster = await startCluster({ processes: count, env, frontPort, log: 'inherit' });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(`\nKeebMarket cluster: ${count} processes behind HAProxy at ${cluster.url}/`);
for (const p of cluster.processes) console.log(`  ${p.name}: ${p.url}/ (pid ${p.pid})`);
console.log('Ctrl-C stops them all.');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await cluster.stopAll();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
