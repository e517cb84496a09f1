// The highlighted body of a code block (SPEC §1), by prism-react-renderer. A lazy chunk of its own
// (see CodeBlock): the same markup as the plain block it replaces, so nothing moves when it arrives.
// The theme is ours so every token colour meets WCAG AA on the block's background.
import { Highlight, Prism, type PrismTheme } from 'prism-react-renderer';
import { loadExtraGrammars, useGrammar } from './code/grammars';

export { loadExtraGrammars };

const theme: PrismTheme = {
  plain: { color: '#1f2937', backgroundColor: '#f8fafc' },
  styles: [
    { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: '#4b5563', fontStyle: 'italic' } },
    { types: ['keyword', 'atrule', 'important', 'rule'], style: { color: '#6d28d9' } },
    { types: ['string', 'char', 'attr-value', 'regex', 'inserted'], style: { color: '#047857' } },
    { types: ['number', 'boolean', 'constant', 'symbol'], style: { color: '#9a3412' } },
    { types: ['function', 'method'], style: { color: '#1d4ed8' } },
    { types: ['class-name', 'builtin', 'type', 'namespace'], style: { color: '#0f766e' } },
    { types: ['tag', 'deleted', 'selector'], style: { color: '#b91c1c' } },
    { types: ['attr-name', 'property', 'variable'], style: { color: '#92400e' } },
    { types: ['operator', 'punctuation'], style: { color: '#374151' } },
  ],
};

export default function HighlightedCode({
  code,
  lang,
  label,
}: {
  code: string;
  lang: string;
  label: string;
}) {
  const ready = useGrammar(lang);
  return (
    <Highlight prism={Prism} theme={theme} code={code} language={ready ? lang : 'plain'}>
      {({ className, style, tokens, getLineProps, getTokenProps }) => (
        // Focusable so keyboard users can scroll a wide block.
        <pre className={`${className} sq-code__pre`} style={style} tabIndex={0} aria-label={`${label} code`}>
          <code>
            {tokens.map((line, i) => (
              <div key={i} {...getLineProps({ line, className: 'sq-code__line' })}>
                <span className="sq-code__ln" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="sq-code__text">
                  {line.map((token, k) => (
                    <span key={k} {...getTokenProps({ token })} />
                  ))}
                </span>
              </div>
            ))}
          </code>
        </pre>
      )}
    </Highlight>
  );
}
