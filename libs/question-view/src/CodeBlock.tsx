// A code block with line numbers and a language header (SPEC §1). The highlighter
// (prism-react-renderer and its grammars, ~45 KB gzipped) is a lazy chunk loaded only when a question
// has a code block; until it arrives the same block shows as plain text with the same line numbers,
// in the same markup and sizes, so the page does not jump when the colours come in.
import { lazy, Suspense } from 'react';
import { languageLabel, prismLanguage } from './code/languageLabels';

const loadHighlighter = () => import(/* webpackChunkName: "highlighter" */ './HighlightedCode');
const HighlightedCode = lazy(loadHighlighter);

/**
 * SPEC §1 "the extra grammars loaded in the background": the highlighter and every grammar, fetched
 * when the page has nothing better to do (after the question is interactive).
 */
export function preloadHighlighting(): Promise<void> {
  return loadHighlighter().then(
    (m) => m.loadExtraGrammars(),
    () => undefined, // a later code block tries again
  );
}

/** The unhighlighted block: what the highlighter renders, minus the token colours. */
export function PlainCode({ code, label }: { code: string; label: string }) {
  return (
    <pre className="sq-code__pre sq-code__pre--plain" tabIndex={0} aria-label={`${label} code`}>
      <code>
        {code.split('\n').map((line, i) => (
          <div key={i} className="sq-code__line">
            <span className="sq-code__ln" aria-hidden="true">
              {i + 1}
            </span>
            <span className="sq-code__text">{line}</span>
          </div>
        ))}
      </code>
    </pre>
  );
}

export function CodeBlock({ code, language }: { code: string; language: string | null | undefined }) {
  const lang = prismLanguage(language);
  const label = languageLabel(lang);
  const source = code.replace(/\n+$/, '');
  return (
    <figure className="sq-code">
      <figcaption className="sq-code__lang">{label}</figcaption>
      <Suspense fallback={<PlainCode code={source} label={label} />}>
        <HighlightedCode code={source} lang={lang} label={label} />
      </Suspense>
    </figure>
  );
}
