// Prometheus' text exposition format, parsed (parse-prometheus-text-format), and the figures a test
// reads from it: a series' value by name and labels, a histogram's observation count.
// The parser merges a histogram's labelled series into one (it keeps only the buckets), so the
// samples are read from a second parse with the histograms' TYPE lines removed, where each
// <name>_count / _sum / _bucket line is a series of its own with its labels.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

export interface Family {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: Array<{ value?: string; labels?: Record<string, string> }>;
}

export interface Scrape {
  /** Each family as exposed (its type and help). */
  families: Map<string, Family>;
  /** Every sample by series name, histograms' _count/_sum/_bucket included, labels intact. */
  samples: Map<string, Family>;
}

export function parseMetrics(text: string): Scrape {
  const families = new Map((parsePrometheusTextFormat(text) as Family[]).map((f) => [f.name, f]));
  const untyped = text.replace(/^# TYPE \S+ histogram$/gm, '');
  // Untyped, each label set's _bucket/_sum/_count lines come as families of their own: merged by name.
  const samples = new Map<string, Family>();
  for (const f of parsePrometheusTextFormat(untyped) as Family[]) {
    const seen = samples.get(f.name);
    if (seen) seen.metrics.push(...f.metrics);
    else samples.set(f.name, { ...f, metrics: [...f.metrics] });
  }
  return { families, samples };
}

const matches = (labels: Record<string, string> | undefined, want: Record<string, string>) =>
  Object.entries(want).every(([k, v]) => labels?.[k] === v);

/**
 * The sum of a counter's or gauge's series whose labels include `labels` (0 when none); for a
 * histogram, its observation count.
 */
export function valueOf(scrape: Scrape, name: string, labels: Record<string, string> = {}): number {
  const series = scrape.families.get(name)?.type === 'HISTOGRAM' ? `${name}_count` : name;
  const family = scrape.samples.get(series);
  if (!family) return 0;
  return family.metrics.filter((m) => matches(m.labels, labels)).reduce((sum, m) => sum + Number(m.value), 0);
}
