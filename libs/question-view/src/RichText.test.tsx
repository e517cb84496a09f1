import { render, screen, waitFor } from '@testing-library/react';
import { prismLanguage } from './code/languageLabels';
import { CodeBlock } from './CodeBlock';
import { parseRichText, RichText } from './RichText';

describe('rich text', () => {
  it('turns inline code into code parts and fences into code blocks', () => {
    expect(parseRichText('Is `x == y` true?\n```python\nprint(1)\n```\nDone')).toEqual([
      { kind: 'text', text: 'Is ' },
      { kind: 'code', text: 'x == y' },
      { kind: 'text', text: ' true?\n' },
      { kind: 'block', code: 'print(1)', language: 'python' },
      { kind: 'text', text: '\nDone' },
    ]);
    expect(parseRichText('no code here')).toEqual([{ kind: 'text', text: 'no code here' }]);
  });

  it('renders inline code as <code>', () => {
    const { container } = render(<RichText text="Call `map()` on it" />);
    expect(container.querySelector('code')).toHaveTextContent('map()');
    expect(container).toHaveTextContent('Call map() on it');
  });
});

describe('code block', () => {
  it('has a language header and one numbered line per source line, plain until the highlighter loads', async () => {
    const { container } = render(
      <CodeBlock code={'const a = 1;\nconsole.log(a);\n'} language="javascript" />,
    );
    expect(screen.getByText('JavaScript')).toBeInTheDocument();
    // First the plain block (the highlighter is a lazy chunk), with the same numbered lines.
    expect(container.querySelector('.sq-code__pre--plain')).not.toBeNull();
    expect([...container.querySelectorAll('.sq-code__ln')].map((n) => n.textContent)).toEqual(['1', '2']);
    expect(container.querySelector('.sq-code__pre--plain')).toHaveTextContent('const a = 1;');
    await waitFor(() => expect(container.querySelector('.token.keyword')).toHaveTextContent('const'));
    expect(container.querySelector('.sq-code__pre--plain')).toBeNull();
    expect([...container.querySelectorAll('.sq-code__ln')].map((n) => n.textContent)).toEqual(['1', '2']);
  });

  it('maps the question languages to Prism names', () => {
    expect(prismLanguage(null)).toBe('plain');
    expect(prismLanguage('Shell')).toBe('bash');
    expect(prismLanguage('C#')).toBe('csharp');
    expect(prismLanguage('C++')).toBe('cpp');
    expect(prismLanguage('Objective-C')).toBe('objectivec');
    expect(prismLanguage('python')).toBe('python');
  });

  it('shows a language the bundled Prism lacks as plain text until its grammar loads', async () => {
    const { container } = render(<CodeBlock code={'<?php echo 1;'} language="php" />);
    expect(screen.getByText('PHP')).toBeInTheDocument();
    expect(screen.getByText('<?php echo 1;')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.token-line')).not.toBeNull());
    expect(container).toHaveTextContent('<?php echo 1;');
  });
});
