import cluster from 'node:cluster';

// `node instances.js <entry> <count>`: <count> processes of one service sharing its port, as replicas
// behind one address (docker compose --scale): the kernel hands each new connection to this primary, which
// passes it to the next instance in turn; requests on a connection stay with its instance. Each instance is
// the service's own process (its adapters, relay lease, consumers in the service's group). SIGTERM or
// SIGINT stops them all.

const [entry, count = '1'] = process.argv.slice(2);
if (!entry) throw new Error('usage: node instances.js <entry> <count>');
cluster.setupPrimary({ exec: entry, args: [] });
for (let i = 0; i < Number(count); i++) cluster.fork({ INSTANCE: String(i + 1) });

const stop = (signal: NodeJS.Signals) => {
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
cluster.on('exit', () => {
  if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
});
