declare module 'parse-prometheus-text-format' {
  function parsePrometheusTextFormat(text: string): unknown[];
  export = parsePrometheusTextFormat;
}
