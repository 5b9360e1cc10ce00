/* eslint-disable no-console -- command-line script: its output is the point */
// Validates docker-compose.yml without a Docker engine:
//   1. variable interpolation as Compose does it (${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error},
//      ${VAR?error}, ${VAR:+alt}, ${VAR+alt}, $$), from the environment and the project's .env;
//   2. the Compose Specification JSON schema (infra/compose/compose-spec.json);
//   3. the project's own rules: every service has an image or a build and a healthcheck (with valid
//      durations); depends_on names
//      existing services with a condition, and service_healthy only on services that have a healthcheck;
//      no dependency cycle; services built from the repository have no container_name and no host port
//      (so they scale), except the gateway, which publishes 8080; the app containers get the
//      infrastructure variables; the gateway's subgraph URLs name services of the file; every subgraph of
//      the composed supergraph has its service (its entry point, port, host, resource limits), and the gateway
//      its <NAME>_URL and waits for it; observability: the collector, Jaeger, Prometheus (a DNS-discovered
//      scrape job per app service and metrics port, one for every folder of services/, no other), Grafana (the provisioned "Nocturne" dashboard, querying
//      only metrics the platform defines) and Kafka UI are there, UIs on 127.0.0.1 only, and every app
//      process serves /metrics inside the network and sends spans to the collector when
//      OTEL_EXPORTER_OTLP_ENDPOINT is set (never hard-coded: the app runs without the collector);
//   4. what an operator needs to run it (docs/operations.md, infra/README.md "With Docker"): every image an
//      exact version (no `latest`, no `8.0`, no Jaeger v1), every container a restart policy and CPU and
//      memory limits, the servers sized to them (MongoDB's WiredTiger cache, Kafka's heap, Redis's
//      maxmemory with noeviction, Jaeger's in-memory store), the observability containers in the profile
//      "observability" with nothing outside it waiting for them, Prometheus loading alert rules whose
//      every alert has a summary, a description and a runbook section in docs/operations.md, checked
//      by `promtool check rules`, `promtool test rules` (a *.test.yml beside them) and
//      `promtool check config`; the Dockerfile built for its layer cache with a reproducible install
//      (only the package manifests before `npm ci`, no `npm install`, the sources after), exact base
//      images, a non-root user, a healthcheck and the dev dependencies pruned.
// When the Docker CLI has the compose plugin, `docker compose config --quiet` runs too. Without promtool
// its checks are skipped with a note, except under CI (CI set), where that is a problem.
// Usage: node infra/validate-compose.mjs [path/to/docker-compose.yml] [--project-dir DIR]
//   (exit code 1 on any problem). --project-dir: where relative paths of the file point (default: the
//   file's folder); the unit test checks mutated copies of the file with it.
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const projectDirFlag = args.indexOf('--project-dir');
const projectDirArg = projectDirFlag >= 0 ? args.splice(projectDirFlag, 2)[1] : undefined;
const file = resolve(args[0] ?? join(here, '..', 'docker-compose.yml'));
const projectDir = resolve(projectDirArg ?? dirname(file));
const problems = [];
const notes = [];
let checks = 0;
const check = (ok, message) => {
  checks++;
  if (!ok) problems.push(message);
  return ok;
};

function optional(name) {
  try {
    return require(name);
  } catch {
    return undefined;
  }
}

// ---- YAML -------------------------------------------------------------------------------------------------
const yamlLib = optional('yaml') ?? optional('js-yaml');
if (!yamlLib) {
  console.error('validate-compose: needs a YAML parser (the yaml or js-yaml package); run npm ci first');
  process.exit(2);
}
function parseYaml(text) {
  if (yamlLib.parse && !yamlLib.safeLoad) return yamlLib.parse(text, { merge: true }); // yaml
  return (yamlLib.safeLoad ?? yamlLib.load)(text); // js-yaml 3 or 4 (merge keys included)
}

// ---- interpolation ----------------------------------------------------------------------------------------
function readDotEnv(path) {
  const vars = {};
  if (!existsSync(path)) return vars;
  for (const raw of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = line.match(/^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/);
    if (!m) continue;
    let value = m[2];
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    else value = value.replace(/\s+#.*$/, '');
    vars[m[1]] = value;
  }
  return vars;
}
const env = { ...readDotEnv(join(projectDir, '.env')), ...process.env };
// Secrets have no default in the file (`${NAME:?message}`): a checkout without .env supplies stand-ins so
// the rest can be checked, and the rule below makes sure no default sneaks back in.
const REQUIRED_SECRETS = ['INTERNAL_SECRET', 'PERSONAL_DATA_KEY'];
for (const name of REQUIRED_SECRETS) if (!env[name]) env[name] = `checked-stand-in-for-${name}`;

function interpolate(value, where) {
  if (typeof value === 'string') {
    return value.replace(/\$\$|\$\{([^}]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (match, braced, bare) => {
      if (match === '$$') return '$';
      if (bare !== undefined) return env[bare] ?? '';
      const m = braced.match(/^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])(.*))?$/s);
      if (!m) {
        problems.push(`${where}: invalid interpolation "${match}"`);
        return '';
      }
      const [, name, op, arg = ''] = m;
      const v = env[name];
      const unsetOrEmpty = v === undefined || v === '';
      switch (op) {
        case undefined:
          return v ?? '';
        case ':-':
          return unsetOrEmpty ? interpolate(arg, where) : v;
        case '-':
          return v === undefined ? interpolate(arg, where) : v;
        case ':?':
        case '?':
          if (op === ':?' ? unsetOrEmpty : v === undefined) {
            problems.push(`${where}: required variable ${name} is missing: ${arg}`);
            return '';
          }
          return v;
        case ':+':
          return unsetOrEmpty ? '' : interpolate(arg, where);
        case '+':
          return v === undefined ? '' : interpolate(arg, where);
        default:
          return match;
      }
    });
  }
  if (Array.isArray(value)) return value.map((v, i) => interpolate(v, `${where}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, `${where}.${k}`)]));
  }
  return value;
}

let doc;
let rawDoc; // before interpolation: what the file itself says
try {
  rawDoc = parseYaml(readFileSync(file, 'utf8'));
  doc = interpolate(rawDoc, 'compose');
} catch (err) {
  console.error(`validate-compose: cannot read ${file}: ${err.message}`);
  process.exit(1);
}

// ---- schema -----------------------------------------------------------------------------------------------
const Ajv = optional('ajv');
if (Ajv) {
  const schema = JSON.parse(readFileSync(join(here, 'compose', 'compose-spec.json'), 'utf8'));
  const AjvClass = Ajv.default ?? Ajv;
  const major = Number((optional('ajv/package.json')?.version ?? '8').split('.')[0]);
  const { $schema: _drop, ...schemaBody } = schema; // draft-07; ajv 6 knows it without the URI variant
  const formats = {
    duration: /^((\d+(\.\d+)?)(us|ms|s|m|h))+$/,
    ports: () => true,
    expose: () => true,
    subnet_ip_address: () => true,
  };
  const ajv = major >= 8 ? new AjvClass({ allErrors: true, strict: false, formats }) : new AjvClass({ allErrors: true, schemaId: 'auto', unknownFormats: 'ignore', formats });
  const validate = ajv.compile(schemaBody);
  checks++;
  if (!validate(doc)) {
    for (const e of validate.errors) {
      const at = e.instancePath ?? e.dataPath ?? '';
      const extra = e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : '';
      problems.push(`schema: ${at || '/'} ${e.message}${extra}`);
    }
  }
  notes.push(`Compose Specification schema (ajv ${major})`);
} else {
  notes.push('schema check skipped: the ajv package is not installed');
}

// ---- project rules ----------------------------------------------------------------------------------------
const composeText = readFileSync(file, 'utf8');
for (const name of REQUIRED_SECRETS) {
  const uses = [...composeText.matchAll(new RegExp(`\\$\\{${name}([^}]*)\\}`, 'g'))].map((m) => m[1]);
  check(uses.length > 0 && uses.every((rest) => rest.startsWith(':?')), `${name} must be required (\${${name}:?message}), never given a default in the file`);
}
const services = doc?.services ?? {};
const names = Object.keys(services);
check(names.length > 0, 'no services');
const GATEWAY = 'gateway';
const appEnv = ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS_URL', 'INTERNAL_SECRET'];
const envOf = (svc) => {
  const e = svc.environment ?? {};
  if (Array.isArray(e)) return Object.fromEntries(e.map((x) => [String(x).split('=')[0], String(x).split('=').slice(1).join('=')]));
  return e;
};
const hasHealthcheck = (svc) => svc.healthcheck && !svc.healthcheck.disable && Array.isArray(svc.healthcheck.test) ? svc.healthcheck.test[0] !== 'NONE' : typeof svc.healthcheck?.test === 'string';
// An image with nothing to probe with (no shell, no HTTP client) may go without a healthcheck when a label
// says why; nothing can then wait for it to be healthy (checked with depends_on below).
const labelsOf = (svc) => (Array.isArray(svc.labels) ? Object.fromEntries(svc.labels.map((x) => [String(x).split('=')[0], String(x).split('=').slice(1).join('=')])) : (svc.labels ?? {}));
const healthcheckExemption = (svc) => /^none: \S/.test(String(labelsOf(svc)['nocturne.healthcheck'] ?? ''));

for (const [name, svc] of Object.entries(services)) {
  const at = `services.${name}`;
  check(Boolean(svc.image || svc.build), `${at}: neither image nor build`);
  check(hasHealthcheck(svc) || (!svc.build && healthcheckExemption(svc)), `${at}: no healthcheck${svc.build ? '' : ' (an image without a probe needs the label nocturne.healthcheck: "none: <why>")'}`);
  for (const key of ['interval', 'timeout', 'start_period', 'start_interval']) {
    const d = svc.healthcheck?.[key];
    if (d !== undefined) check(/^((\d+(\.\d+)?)(us|ms|s|m|h))+$/.test(String(d)), `${at}: healthcheck.${key} is not a duration: ${d}`);
  }

  if (svc.build) {
    const build = typeof svc.build === 'string' ? { context: svc.build } : svc.build;
    const dockerfile = resolve(projectDir, build.context ?? '.', build.dockerfile ?? 'Dockerfile');
    check(existsSync(dockerfile), `${at}: build file ${dockerfile} not found`);
    check(svc.container_name === undefined, `${at}: container_name set, so it cannot scale`);
    const e = envOf(svc);
    for (const v of appEnv) check(e[v] !== undefined && e[v] !== '', `${at}: environment ${v} missing`);
    check(e.SWIPE_WINDOW === undefined, `${at}: SWIPE_WINDOW must stay unset (the real window applies)`);
    const ports = svc.ports ?? [];
    if (name === GATEWAY) {
      const published = ports.map((p) => (typeof p === 'object' ? `${p.published}:${p.target}` : String(p)));
      check(published.some((p) => /(^|:)8080$/.test(p)), `${at}: must publish container port 8080`);
      for (const [key, url] of Object.entries(e).filter(([k]) => /_URL$/.test(k) && !['MONGODB_URI', 'REDIS_URL', 'PUBLIC_URL'].includes(k))) {
        let host;
        try {
          host = new URL(url).hostname;
        } catch {
          check(false, `${at}: ${key} is not a URL: ${url}`);
          continue;
        }
        check(names.includes(host), `${at}: ${key} points at ${host}, which is no service of this file`);
      }
    } else {
      check(ports.length === 0, `${at}: publishes host ports ${JSON.stringify(ports)}; scalable services must not`);
    }
  }

  const deps = svc.depends_on ?? [];
  const depEntries = Array.isArray(deps) ? deps.map((d) => [d, undefined]) : Object.entries(deps);
  for (const [dep, spec] of depEntries) {
    if (!check(names.includes(dep), `${at}: depends_on unknown service ${dep}`)) continue;
    const condition = spec?.condition;
    check(Boolean(condition), `${at}: depends_on ${dep} without a condition`);
    if (condition === 'service_healthy') check(hasHealthcheck(services[dep]), `${at}: waits for ${dep} to be healthy, but ${dep} has no healthcheck`);
  }
}

// ---- every subgraph of the supergraph runs, and the gateway finds it ---------------------------------------
// The list comes from the composed supergraph (gateway/supergraph.graphql), not from a copy kept here.
const supergraphFile = join(here, '..', 'gateway', 'supergraph.graphql');
const subgraphs = existsSync(supergraphFile)
  ? [...readFileSync(supergraphFile, 'utf8').matchAll(/@join__graph\(name:\s*"([^"]+)",\s*url:\s*"([^"]+)"\)/g)].map(([, name, url]) => ({ name, port: new URL(url).port }))
  : [];
check(subgraphs.length > 0, `no subgraphs found in ${supergraphFile}`);
const gatewayService = services[GATEWAY];
for (const { name, port } of subgraphs) {
  const at = `services.${name}`;
  const svc = services[name];
  if (!check(Boolean(svc), `${at}: missing; the supergraph has the subgraph ${name}`)) continue;
  const upper = name.toUpperCase().replace(/[^A-Z0-9]/g, '_');
  const args = (typeof svc.build === 'object' && svc.build?.args) || {};
  const argsOf = Array.isArray(args) ? Object.fromEntries(args.map((x) => [String(x).split('=')[0], String(x).split('=').slice(1).join('=')])) : args;
  check(argsOf.NOCTURNE_ENTRY === `services/${name}/dist/main.js`, `${at}: build.args.NOCTURNE_ENTRY must be services/${name}/dist/main.js`);
  check(String(argsOf.HEALTH_PORT) === port, `${at}: build.args.HEALTH_PORT must be ${port}`);
  const e = envOf(svc);
  check(String(e[`${upper}_PORT`]) === port, `${at}: environment ${upper}_PORT must be ${port}`);
  check(e[`${upper}_HOST`] === '0.0.0.0', `${at}: environment ${upper}_HOST must be 0.0.0.0 (reachable from the gateway)`);
  check((svc.expose ?? []).map(String).includes(port), `${at}: must expose ${port}`);
  check(Boolean(svc.deploy?.resources?.limits?.cpus && svc.deploy?.resources?.limits?.memory), `${at}: deploy.resources.limits (cpus and memory) missing`);
  if (gatewayService) {
    check(envOf(gatewayService)[`${upper}_URL`] === `http://${name}:${port}/graphql`, `services.${GATEWAY}: environment ${upper}_URL must be http://${name}:${port}/graphql`);
    const gatewayDeps = gatewayService.depends_on ?? {};
    check(!Array.isArray(gatewayDeps) && gatewayDeps[name]?.condition === 'service_healthy', `services.${GATEWAY}: must wait for ${name} to be healthy`);
  }
}

// ---- observability: traces, metrics of every process, dashboards ---------------------------------------------
// Every process built from the repository (gateway and subgraphs) sends spans to the collector and serves
// /metrics on its METRICS_PORT inside the network; Prometheus scrapes each of them through DNS service
// discovery (so every replica of a scaled service); Grafana provisions the "Nocturne" dashboard, whose
// queries name only metrics the platform defines.
const OBSERVABILITY = ['otel-collector', 'jaeger', 'prometheus', 'grafana', 'kafka-ui'];
for (const name of OBSERVABILITY) check(Boolean(services[name]), `services.${name}: missing (observability, docs/operations.md)`);
/** The host file (a path, not a named volume) mounted at `target` in a service, if any. */
const mountedFile = (svc, target) => {
  for (const volume of svc?.volumes ?? []) {
    const [source, inside] = typeof volume === 'string' ? volume.split(':') : [volume.source, volume.target];
    if (inside === target && /^[./]/.test(source ?? '')) return resolve(projectDir, source);
  }
  return undefined;
};
// The demo night owls (--profile demo) are a process of the stack too: traced and scraped like the rest.
const appServices = [GATEWAY, ...subgraphs.map((s) => s.name), 'night-owls'].filter((name) => services[name]);
const metricsPorts = {};
for (const name of appServices) {
  const at = `services.${name}`;
  const e = envOf(services[name]);
  // Spans only when asked for: the value comes from the variable, with no default, so that without the
  // observability profile no process sends to a collector that is not there.
  const written = String(envOf(rawDoc.services?.[name] ?? {}).OTEL_EXPORTER_OTLP_ENDPOINT ?? '');
  check(/^\$\{OTEL_EXPORTER_OTLP_ENDPOINT(:?-)?\}$/.test(written), `${at}: environment OTEL_EXPORTER_OTLP_ENDPOINT must be \${OTEL_EXPORTER_OTLP_ENDPOINT:-} (set in .env with the observability profile), not ${JSON.stringify(written)}`);
  if (e.OTEL_EXPORTER_OTLP_ENDPOINT) {
    let collector;
    try {
      collector = new URL(e.OTEL_EXPORTER_OTLP_ENDPOINT).hostname;
    } catch {
      collector = undefined;
    }
    check(collector !== undefined && names.includes(collector), `${at}: environment OTEL_EXPORTER_OTLP_ENDPOINT (${e.OTEL_EXPORTER_OTLP_ENDPOINT}) must name the collector service of this file`);
  }
  check(/^nocturne-/.test(e.OTEL_SERVICE_NAME ?? ''), `${at}: environment OTEL_SERVICE_NAME must be nocturne-<service>`);
  check(e.METRICS_HOST === '0.0.0.0', `${at}: environment METRICS_HOST must be 0.0.0.0 (Prometheus scrapes it over the network)`);
  const port = String(e.METRICS_PORT ?? '');
  if (!check(/^\d+$/.test(port), `${at}: environment METRICS_PORT missing`)) continue;
  metricsPorts[name] = port;
  check((services[name].expose ?? []).map(String).includes(port), `${at}: must expose its metrics port ${port}`);
  const published = (services[name].ports ?? []).map((p) => String(typeof p === 'object' ? p.target : p.split(':').pop()));
  check(!published.includes(port), `${at}: publishes its metrics port ${port} on the host; it stays inside the network`);
}
const prometheusConfig = mountedFile(services.prometheus, '/etc/prometheus/prometheus.yml');
if (check(Boolean(prometheusConfig && existsSync(prometheusConfig)), 'services.prometheus: mounts no prometheus.yml of the repository at /etc/prometheus/prometheus.yml')) {
  const jobs = parseYaml(readFileSync(prometheusConfig, 'utf8'))?.scrape_configs ?? [];
  for (const [name, port] of Object.entries(metricsPorts)) {
    const found = jobs.some((job) => (job.dns_sd_configs ?? []).some((sd) => (sd.names ?? []).includes(name) && (sd.type ?? 'SRV') === 'A' && String(sd.port) === port));
    check(found, `${prometheusConfig}: no dns_sd_configs job (type A) for ${name} on port ${port}: its replicas would not be scraped`);
  }
  // Nothing is kept by hand: every folder under services/ has its job (as jest.config.js reads them), and
  // every job but Prometheus's own scrapes the app process of this file it is named after.
  const serviceFolders = readdirSync(join(here, '..', 'services'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  for (const name of serviceFolders) check(jobs.some((job) => job.job_name === name), `${prometheusConfig}: no scrape job for services/${name}`);
  for (const job of jobs) {
    if (job.job_name === 'prometheus') continue;
    const targets = [...(job.dns_sd_configs ?? []).flatMap((sd) => sd.names ?? []), ...(job.static_configs ?? []).flatMap((sc) => sc.targets ?? [])];
    check(targets.length > 0 && targets.every((target) => target === job.job_name && appServices.includes(target)), `${prometheusConfig}: job ${job.job_name} scrapes ${targets.join(', ') || 'nothing'}, not the app process of this file it is named after`);
  }
}
const collectorConfig = mountedFile(services['otel-collector'], '/etc/otelcol/config.yaml');
if (check(Boolean(collectorConfig && existsSync(collectorConfig)), 'services.otel-collector: mounts no collector configuration of the repository')) {
  const config = parseYaml(readFileSync(collectorConfig, 'utf8'));
  check(Boolean(config?.receivers?.otlp?.protocols?.http), `${collectorConfig}: no OTLP/HTTP receiver (the processes send to :4318)`);
  const exporters = config?.service?.pipelines?.traces?.exporters ?? [];
  check(exporters.some((exporter) => /jaeger|tempo/.test(String(config.exporters?.[exporter]?.endpoint ?? ''))), `${collectorConfig}: the traces pipeline exports to no trace store of this file`);
}
const dashboards = mountedFile(services.grafana, '/var/lib/grafana/dashboards');
const provisioning = mountedFile(services.grafana, '/etc/grafana/provisioning');
check(Boolean(provisioning && existsSync(join(provisioning, 'datasources')) && existsSync(join(provisioning, 'dashboards'))), 'services.grafana: mounts no provisioning folder with datasources and dashboards');
const dashboardFile = dashboards && join(dashboards, 'nocturne.json');
if (check(Boolean(dashboardFile && existsSync(dashboardFile)), 'services.grafana: no provisioned dashboard nocturne.json')) {
  let dashboard;
  try {
    dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8'));
  } catch (err) {
    check(false, `${dashboardFile}: not JSON (${err.message})`);
  }
  if (dashboard) {
    check(dashboard.title === 'Nocturne', `${dashboardFile}: title must be "Nocturne"`);
    const defined = readFileSync(join(here, '..', 'packages', 'platform', 'src', 'telemetry', 'metrics.ts'), 'utf8');
    const exprs = JSON.stringify(dashboard).match(/nocturne_[a-z_]+/g) ?? [];
    for (const metric of new Set(exprs)) {
      const base = metric.replace(/_(bucket|count|sum)$/, '');
      check(defined.includes(`'${base}'`), `${dashboardFile}: queries ${metric}, which no process exports (packages/platform/src/telemetry/metrics.ts)`);
    }
    for (const metric of ['nocturne_swipes_total', 'nocturne_matches_total', 'nocturne_outbox_relay_lag_seconds', 'nocturne_consumer_lag_seconds', 'nocturne_projection_lag_seconds']) {
      check(exprs.includes(metric), `${dashboardFile}: shows no ${metric}`);
    }
  }
}
// The observability UIs are for the people who run it: on the host's loopback only.
for (const name of OBSERVABILITY) {
  for (const p of services[name]?.ports ?? []) {
    const text = typeof p === 'object' ? `${p.host_ip ?? ''}:${p.published}:${p.target}` : String(p);
    check(text.startsWith('127.0.0.1:'), `services.${name}: publishes ${text} beyond 127.0.0.1`);
  }
}

// ---- what an operator needs: versions, restarts, limits, sizing, profiles, alert rules --------------------
/** Bytes of a Compose size ("512M", "1g", "256mb", "1073741824"); units are powers of 1024. */
const composeBytes = (value) => {
  const m = String(value ?? '').trim().match(/^(\d+(?:\.\d+)?)\s*([bkmg]?)b?$/i);
  return m ? Number(m[1]) * 1024 ** 'bkmg'.indexOf((m[2] || 'b').toLowerCase()) : undefined;
};
/** Bytes of a Redis size: 1k = 1000, 1kb = 1024 (redis.conf's rule). */
const redisBytes = (value) => {
  const m = String(value ?? '').trim().match(/^(\d+)(k|kb|m|mb|g|gb)?$/i);
  if (!m) return undefined;
  const unit = (m[2] ?? '').toLowerCase();
  const power = ['', 'k', 'm', 'g'].indexOf(unit.replace('b', ''));
  return Number(m[1]) * (unit.endsWith('b') ? 1024 : 1000) ** power;
};
/** Bytes of a JVM size (-Xmx512m): k, m, g are powers of 1024. */
const jvmBytes = (value) => {
  const m = String(value ?? '').match(/^(\d+)([kmg]?)$/i);
  return m ? Number(m[1]) * 1024 ** ' kmg'.indexOf((m[2] || ' ').toLowerCase()) : undefined;
};
/** The value of a flag in a command (list or string): --flag value, or --flag=value. */
const flagValue = (command, flag) => {
  const words = Array.isArray(command) ? command.map(String) : String(command ?? '').split(/\s+/);
  const at = words.indexOf(flag);
  if (at >= 0) return words[at + 1];
  return words.find((word) => word.startsWith(`${flag}=`))?.slice(flag.length + 1);
};
const limitsOf = (svc) => svc?.deploy?.resources?.limits ?? {};

/**
 * Why an image reference is not pinned to an exact version, or undefined when it is: a digest, or a tag
 * that starts with a full version (1.2.3, v1.2.3, 7.4.11-alpine, 24.21.0-bookworm-slim).
 */
function unpinned(image) {
  const ref = String(image ?? '');
  if (/@sha256:[0-9a-f]{64}$/.test(ref)) return undefined;
  const lastPart = ref.split('/').pop();
  const tag = lastPart.includes(':') ? lastPart.slice(lastPart.indexOf(':') + 1) : undefined;
  if (tag === undefined) return 'no tag (Docker takes latest)';
  if (tag === 'latest') return 'the tag latest moves';
  if (!/^v?\d+\.\d+\.\d+([-+._][A-Za-z0-9._-]+)?$/.test(tag)) return `the tag ${tag} is no exact version (major.minor.patch)`;
  return undefined;
}
// Images whose line has ended: an exact tag of them is still no maintained image.
const END_OF_LIFE = [{ match: /^(docker\.io\/)?jaegertracing\/all-in-one(:|@|$)/, why: 'Jaeger v1 (all-in-one) reached its end of life; use jaegertracing/jaeger 2.x' }];

const RESTART_POLICIES = /^(always|unless-stopped|on-failure(:\d+)?)$/;
for (const [name, svc] of Object.entries(services)) {
  const at = `services.${name}`;
  if (svc.image) {
    const why = unpinned(svc.image);
    check(!why, `${at}: image ${svc.image} is not pinned to an exact version: ${why}`);
    for (const eol of END_OF_LIFE) check(!eol.match.test(String(svc.image)), `${at}: image ${svc.image}: ${eol.why}`);
  }
  check(RESTART_POLICIES.test(String(svc.restart ?? '')), `${at}: no restart policy (restart: unless-stopped, always or on-failure)`);
  const limits = limitsOf(svc);
  check(composeBytes(limits.memory) > 0, `${at}: no memory limit (deploy.resources.limits.memory)`);
  check(Number(limits.cpus) > 0, `${at}: no CPU limit (deploy.resources.limits.cpus)`);
}

// The servers inside the containers, sized to their limits: each would otherwise size itself to the host.
const imageName = (svc) => String(svc?.image ?? '').split('@')[0].replace(/:[^/]*$/, '');
for (const [name, svc] of Object.entries(services)) {
  const at = `services.${name}`;
  const image = imageName(svc);
  const limit = composeBytes(limitsOf(svc).memory);
  if (/(^|\/)mongo$/.test(image)) {
    // mongod's own rule on a machine of that size: half of (memory - 1 GB), at least 0.25 GB.
    const cacheGb = Number(flagValue(svc.command, '--wiredTigerCacheSizeGB'));
    const most = limit ? Math.max(0.25, (limit / 1024 ** 3 - 1) / 2) : 0;
    if (check(cacheGb > 0, `${at}: command sets no --wiredTigerCacheSizeGB (MongoDB would take half the host's memory)`) && limit) {
      check(cacheGb <= most, `${at}: --wiredTigerCacheSizeGB ${cacheGb} does not fit its ${limitsOf(svc).memory} limit (at most ${most} GB: half of the limit minus 1 GB)`);
    }
  }
  if (/(^|\/)redis$/.test(image)) {
    const maxmemory = redisBytes(flagValue(svc.command, '--maxmemory'));
    if (check(maxmemory > 0, `${at}: command sets no --maxmemory (Redis would grow until the container is killed)`) && limit) {
      check(maxmemory <= limit * 0.75, `${at}: --maxmemory does not leave a quarter of its ${limitsOf(svc).memory} limit (the append-only file's rewrite forks)`);
    }
    check(flagValue(svc.command, '--maxmemory-policy') === 'noeviction', `${at}: --maxmemory-policy must be noeviction (sessions are never evicted silently)`);
  }
  if (/(^|\/)(apache\/kafka|kafka)$/.test(image)) {
    const heap = String(envOf(svc).KAFKA_HEAP_OPTS ?? '').match(/-Xmx(\d+[kmgKMG]?)/);
    if (check(Boolean(heap), `${at}: environment KAFKA_HEAP_OPTS sets no -Xmx`) && limit) {
      check(jvmBytes(heap[1]) <= limit * 0.75, `${at}: Kafka's heap -Xmx${heap[1]} leaves less than a quarter of its ${limitsOf(svc).memory} limit to the JVM itself`);
    }
  }
  if (/(^|\/)jaegertracing\/jaeger$/.test(image)) {
    const config = mountedFile(svc, flagValue(svc.command, '--config'));
    if (check(Boolean(config && existsSync(config)), `${at}: mounts no Jaeger configuration of the repository named by --config`)) {
      const jaeger = parseYaml(readFileSync(config, 'utf8'));
      const backends = Object.values(jaeger?.extensions?.jaeger_storage?.backends ?? {});
      for (const backend of backends.filter((b) => b?.memory)) check(Number(backend.memory.max_traces) > 0, `${config}: an in-memory store without max_traces grows until the container is killed`);
      check(Boolean(jaeger?.receivers?.otlp?.protocols?.grpc), `${config}: no OTLP/gRPC receiver (the collector exports to it)`);
    }
  }
}

// Observability is optional: its containers start with --profile observability, and nothing outside the
// profile waits for them (the app runs the same without them).
const OBSERVABILITY_PROFILE = 'observability';
const inProfile = (svc, profile) => (svc?.profiles ?? []).includes(profile);
for (const name of OBSERVABILITY) check(inProfile(services[name], OBSERVABILITY_PROFILE), `services.${name}: not in the profile "${OBSERVABILITY_PROFILE}" (observability starts only when asked for)`);
for (const [name, svc] of Object.entries(services)) {
  if (inProfile(svc, OBSERVABILITY_PROFILE)) continue;
  const deps = Array.isArray(svc.depends_on) ? svc.depends_on : Object.keys(svc.depends_on ?? {});
  for (const dep of deps) check(!inProfile(services[dep], OBSERVABILITY_PROFILE), `services.${name}: depends on ${dep}, which runs only with the profile "${OBSERVABILITY_PROFILE}"`);
}
// .env.example says how to turn it on: the profile, and the collector's address for the processes.
const envExample = join(projectDir, '.env.example');
if (check(existsSync(envExample), `${envExample}: missing`)) {
  const text = readFileSync(envExample, 'utf8');
  check(new RegExp(`^#?\\s*COMPOSE_PROFILES=.*\\b${OBSERVABILITY_PROFILE}\\b`, 'm').test(text), `${envExample}: does not show COMPOSE_PROFILES=${OBSERVABILITY_PROFILE}`);
  const endpoint = text.match(/^#?\s*OTEL_EXPORTER_OTLP_ENDPOINT=(\S+)/m)?.[1];
  let host;
  try {
    host = endpoint && new URL(endpoint).hostname;
  } catch {
    host = undefined;
  }
  check(Boolean(host) && inProfile(services[host], OBSERVABILITY_PROFILE), `${envExample}: does not show OTEL_EXPORTER_OTLP_ENDPOINT=http://<the collector service>:4318`);
}

// ---- alert rules: loaded by Prometheus, documented, and checked by promtool ------------------------------
const promtool = process.env.PROMTOOL || 'promtool';
const hasPromtool = spawnSync(promtool, ['--version'], { encoding: 'utf8' }).status === 0;
const runPromtool = (what, argv) => {
  const r = spawnSync(promtool, argv, { encoding: 'utf8' });
  checks++;
  if (r.status !== 0) problems.push(`promtool ${what}: ${(r.stderr || r.stdout).trim().split('\n').slice(0, 30).join('\n    ')}`);
};
const operationsDoc = join(projectDir, 'docs', 'operations.md');
/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
const anchors = existsSync(operationsDoc) ? new Set([...readFileSync(operationsDoc, 'utf8').matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1]))) : new Set();
const appMemoryLimits = new Set(appServices.map((name) => composeBytes(limitsOf(services[name]).memory)));
if (prometheusConfig && existsSync(prometheusConfig)) {
  const config = parseYaml(readFileSync(prometheusConfig, 'utf8')) ?? {};
  const ruleTargets = config.rule_files ?? [];
  check(ruleTargets.length > 0, `${prometheusConfig}: rule_files names no alert rules`);
  const ruleFiles = [];
  for (const target of ruleTargets) {
    const host = mountedFile(services.prometheus, target);
    if (check(Boolean(host && existsSync(host)), `services.prometheus: the alert rules ${target} of prometheus.yml are not a file of the repository mounted there`)) ruleFiles.push(host);
  }
  const alerts = [];
  for (const rules of ruleFiles) {
    const groups = parseYaml(readFileSync(rules, 'utf8'))?.groups ?? [];
    for (const rule of groups.flatMap((g) => g.rules ?? []).filter((r) => r.alert)) {
      alerts.push(rule.alert);
      const at = `${rules}: alert ${rule.alert}`;
      for (const key of ['summary', 'description']) check(Boolean(rule.annotations?.[key]), `${at}: no ${key} annotation`);
      const runbook = String(rule.annotations?.runbook_url ?? '').match(/^docs\/operations\.md#(.+)$/)?.[1];
      check(Boolean(runbook) && anchors.has(runbook), `${at}: runbook_url must point at a section of docs/operations.md (docs/operations.md#<anchor>), not ${JSON.stringify(rule.annotations?.runbook_url ?? null)}`);
      check(Boolean(rule.labels?.severity), `${at}: no severity label`);
      // A threshold written as a fraction of the app containers' memory limit must name that limit.
      const mib = String(rule.expr).match(/(\d+) \* 1024 \* 1024/);
      if (mib) check(appMemoryLimits.size === 1 && appMemoryLimits.has(Number(mib[1]) * 1024 ** 2), `${at}: its ${mib[1]} MiB is not the app containers' memory limit`);
    }
    // Tests beside the rules: every *.test.yml of that folder that loads them.
    const tests = readdirSync(dirname(rules))
      .filter((f) => f.endsWith('.test.yml'))
      .map((f) => join(dirname(rules), f))
      .filter((f) => (parseYaml(readFileSync(f, 'utf8'))?.rule_files ?? []).includes(basename(rules)));
    check(tests.length > 0, `${rules}: no promtool unit test (a *.test.yml beside it whose rule_files name ${basename(rules)})`);
    if (hasPromtool) {
      runPromtool(`check rules ${basename(rules)}`, ['check', 'rules', rules]);
      for (const test of tests) runPromtool(`test rules ${basename(test)}`, ['test', 'rules', test]);
    }
  }
  check(alerts.length > 0, `services.prometheus: loads no alert rules (docs/operations.md names thresholds)`);
  if (hasPromtool) {
    // prometheus.yml itself, with the rule files at their place on this machine.
    const scratch = mkdtempSync(join(tmpdir(), 'nocturne-prometheus-'));
    try {
      const copy = join(scratch, 'prometheus.yml');
      writeFileSync(copy, JSON.stringify({ ...config, rule_files: ruleFiles }));
      runPromtool('check config prometheus.yml', ['check', 'config', copy]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    notes.push('promtool check rules, test rules and check config');
  } else if (process.env.CI) {
    check(false, `promtool not found (${promtool}): CI checks the alert rules with it (Debian's prometheus package brings it)`);
  } else {
    notes.push('promtool checks skipped: promtool not installed (apt-get install prometheus)');
  }
}

// ---- Dockerfile: cached, reproducible install; exact base images; non-root, healthy, pruned ------------------
const dockerfiles = new Set(
  Object.values(services)
    .filter((svc) => svc.build)
    .map((svc) => {
      const build = typeof svc.build === 'string' ? { context: svc.build } : svc.build;
      return resolve(projectDir, build.context ?? '.', build.dockerfile ?? 'Dockerfile');
    }),
);
/** Workspace folders of the root package.json (`dir/*` globs expanded). */
const workspaces = (() => {
  const rootManifest = join(projectDir, 'package.json');
  if (!existsSync(rootManifest)) return [];
  const root = JSON.parse(readFileSync(rootManifest, 'utf8'));
  return (root.workspaces ?? []).flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(projectDir, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(projectDir, parent, entry.name, 'package.json')))
      .map((entry) => `${parent}/${entry.name}`);
  });
})();
const MANIFEST = /(^|\/)(package\.json|package-lock\.json|npm-shrinkwrap\.json|\.npmrc)$/;
for (const dockerfile of dockerfiles) {
  if (!existsSync(dockerfile)) continue;
  const at = dockerfile.startsWith(projectDir) ? dockerfile.slice(projectDir.length + 1) : dockerfile;
  // Instructions, continuation lines joined, comments dropped.
  const instructions = readFileSync(dockerfile, 'utf8')
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => ({ op: line.split(/\s+/)[0].toUpperCase(), rest: line.replace(/^\S+\s*/, '') }));
  const argDefaults = {};
  const stages = [];
  for (const ins of instructions) {
    if (ins.op === 'ARG') {
      const [key, ...value] = ins.rest.split('=');
      if (value.length && !stages.length) argDefaults[key.trim()] = value.join('=').trim().replace(/^"(.*)"$/, '$1');
    } else if (ins.op === 'FROM') {
      const [image, , stageName] = ins.rest.replace(/--platform=\S+\s+/, '').split(/\s+/);
      const resolved = image.replace(/\$\{?([A-Za-z_]\w*)\}?/g, (_, v) => argDefaults[v] ?? '');
      if (!stages.some((stage) => stage.name === resolved)) {
        const why = unpinned(resolved);
        check(!why, `${at}: base image ${resolved} is not pinned to an exact version: ${why}`);
      }
      stages.push({ name: stageName, instructions: [] });
    } else if (stages.length) {
      stages.at(-1).instructions.push(ins);
    }
  }
  const all = stages.flatMap((stage) => stage.instructions);
  const runs = all.filter((ins) => ins.op === 'RUN').map((ins) => ins.rest);
  check(!runs.some((run) => /\bnpm\s+(install|i|add)\b(?!\s+(-g|--global)\s+"?npm@)/.test(run)), `${at}: runs npm install: the dependencies come from the lockfile with npm ci only (reproducible)`);
  const ciStage = stages.find((stage) => stage.instructions.some((ins) => ins.op === 'RUN' && /\bnpm\s+ci\b/.test(ins.rest)));
  if (check(Boolean(ciStage), `${at}: no RUN npm ci`)) {
    const ciIndex = ciStage.instructions.findIndex((ins) => ins.op === 'RUN' && /\bnpm\s+ci\b/.test(ins.rest));
    const copiesBefore = ciStage.instructions.slice(0, ciIndex).filter((ins) => ins.op === 'COPY' || ins.op === 'ADD');
    const copied = new Set();
    for (const copy of copiesBefore) {
      const words = copy.rest.split(/\s+/).filter((w) => !w.startsWith('--'));
      const sources = words.slice(0, -1);
      const destination = words.at(-1);
      for (const source of sources) {
        check(MANIFEST.test(source), `${at}: copies ${source} before npm ci: only package manifests go before it, or every change of a source reinstalls`);
        copied.add(destination.endsWith('/') ? `${destination.replace(/^\.\//, '')}${basename(source)}` : destination.replace(/^\.\//, ''));
        if (destination === './' || destination === '.') copied.add(basename(source));
        copied.add(source.replace(/^\.\//, ''));
      }
    }
    for (const manifest of ['package.json', 'package-lock.json', ...workspaces.map((ws) => `${ws}/package.json`)]) {
      check(copied.has(manifest), `${at}: does not copy ${manifest} before npm ci (npm ci needs the lockfile and every workspace's package.json)`);
    }
    const after = ciStage.instructions.slice(ciIndex + 1);
    check(after.some((ins) => ins.op === 'COPY' && /^(--\S+\s+)*\.\s+\.\/?$/.test(ins.rest)), `${at}: no COPY . . after npm ci (the sources come after the install)`);
  }
  const runtime = stages.at(-1)?.instructions ?? [];
  const user = runtime.filter((ins) => ins.op === 'USER').at(-1)?.rest;
  check(Boolean(user) && !/^(root|0)(:|$)/.test(user), `${at}: the final stage runs as root (USER <non-root>)`);
  check(runtime.some((ins) => ins.op === 'HEALTHCHECK' && !/^NONE$/i.test(ins.rest)), `${at}: the final stage has no HEALTHCHECK`);
  check(runs.some((run) => /\bnpm\s+prune\b.*--omit[= ]dev/.test(run)), `${at}: dev dependencies are not pruned (npm prune --omit=dev)`);
}

// depends_on cycles
const state = {};
const visit = (n, path) => {
  if (state[n] === 'done') return;
  if (state[n] === 'active') {
    check(false, `depends_on cycle: ${[...path, n].join(' -> ')}`);
    return;
  }
  state[n] = 'active';
  const deps = services[n]?.depends_on ?? [];
  for (const d of Array.isArray(deps) ? deps : Object.keys(deps)) if (services[d]) visit(d, [...path, n]);
  state[n] = 'done';
};
names.forEach((n) => visit(n, []));

// ---- docker compose config, where the plugin exists ----------------------------------------------------------
const version = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
if (version.status === 0) {
  const r = spawnSync('docker', ['compose', '-f', file, 'config', '--quiet'], { cwd: projectDir, encoding: 'utf8' });
  checks++;
  if (r.status !== 0) problems.push(`docker compose config: ${(r.stderr || r.stdout).trim()}`);
  notes.push('docker compose config');
} else {
  notes.push('docker compose config skipped: no compose plugin');
}

const rel = file.startsWith(process.cwd()) ? file.slice(process.cwd().length + 1) : file;
if (problems.length) {
  problems.splice(0, problems.length, ...new Set(problems));
  console.error(`${rel}: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`  - ${p}`);
  console.error(`(${notes.join('; ')})`);
  process.exit(1);
}
console.log(`${rel}: valid (${checks} checks; ${notes.join('; ')})`);
