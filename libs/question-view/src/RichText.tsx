// Question and answer text: `inline code` becomes <code>, ```lang fenced blocks``` become code blocks.
import { Fragment } from 'react';
import { CodeBlock } from './CodeBlock';

export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'block'; code: string; language: string | null };

const FENCE = /```([\w#+-]*)[^\S\n]*\n?([\s\S]*?)```/g;
const INLINE = /`([^`\n]+)`/g;

function inlineParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) parts.push({ kind: 'text', text: text.slice(last, m.index) });
    parts.push({ kind: 'code', text: m[1] });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

export function parseRichText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(FENCE)) {
    if (m.index > last) parts.push(...inlineParts(text.slice(last, m.index)));
    parts.push({ kind: 'block', code: m[2].replace(/\n$/, ''), language: m[1] || null });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(...inlineParts(text.slice(last)));
  return parts;
}

export function RichText({ text, className }: { text: string; className?: string }) {
  const parts = parseRichText(text);
  return (
    <div className={className ? `sq-rich ${className}` : 'sq-rich'}>
      {parts.map((p, i) =>
        p.kind === 'text' ? (
          <Fragment key={i}>{p.text}</Fragment>
        ) : p.kind === 'code' ? (
          <code key={i} className="sq-inline-code">
            {p.text}
          </code>
        ) : (
          <CodeBlock key={i} code={p.code} language={p.language} />
        ),
      )}
    </div>
  );
}
