/** One sample of a Prometheus text exposition: `name{label="value",...} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a scrape (comments and blank lines skipped). */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) labels[name!] = value!.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** A scrape, for tests: the sum of the samples named so whose labels include `labels`. */
export class Scrape {
  readonly samples: Sample[];
  constructor(readonly text: string) {
    this.samples = parsePrometheusText(text);
  }

  static async of(url: string): Promise<Scrape> {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
    const contentType = res.headers.get('content-type') ?? '';
    if (!contentType.startsWith('text/plain')) throw new Error(`GET ${url}: content type ${contentType}`);
    return new Scrape(await res.text());
  }

  value(name: string, labels: Record<string, string> = {}): number {
    return this.matching(name, labels).reduce((sum, sample) => sum + sample.value, 0);
  }

  /** Whether any sample is named so (with those labels). */
  has(name: string, labels: Record<string, string> = {}): boolean {
    return this.matching(name, labels).length > 0;
  }

  /** The distinct values of one label among the samples named so. */
  labelValues(name: string, label: string): string[] {
    return [...new Set(this.samples.filter((sample) => sample.name === name && sample.labels[label] !== undefined).map((sample) => sample.labels[label]!))].sort();
  }

  private matching(name: string, labels: Record<string, string>): Sample[] {
    return this.samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  }
}
