import type { InterchangeQuestion } from '@skillquiz/contracts';
import { parseQti, readItem, writeQti } from './qti-format';

const question = (over: Partial<InterchangeQuestion> = {}): InterchangeQuestion => ({
  uid: 'u-1',
  question_text: 'What does `x` print?\r\n\r\nA & B <c> "quoted" \'single\' ü € 😀',
  code_block: 'let x = 1 < 2 && "a";\n\tconsole.log(x) // ]]>',
  code_language: 'javascript',
  language: 'de',
  answers: [
    { hash_id: 'h1', text: 'one & <two>', correct: true, position: undefined },
    { hash_id: 'h-2', text: '  spaced  ', correct: false, position: 1 },
    { hash_id: 'h_3', text: 'three', correct: false, position: undefined },
  ],
  claim: 'a_claim',
  atoms: ['javascript', 'other'],
  difficulty_params: { a: 1.25, d: -0.5 },
  original_uid: 'u-0',
  ...over,
});

describe('QTI 2.2 writer and reader', () => {
  it('reads back what it writes, character for character', () => {
    const questions = [
      question(),
      question({
        uid: 'u-2',
        code_block: '',
        code_language: null,
        language: null,
        original_uid: null,
        atoms: [],
      }),
    ];
    const parsed = parseQti(writeQti([], questions));
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.items.map((i) => i.errors)).toEqual([[], []]);
    const [first, second] = parsed.items.map((i) => i.raw);
    expect(first).toEqual({
      uid: 'u-1',
      question_text: questions[0].question_text,
      code_block: questions[0].code_block,
      code_language: 'javascript',
      language: 'de',
      answers: [
        { text: 'one & <two>', correct: true, hash_id: 'h1' },
        { text: '  spaced  ', correct: false, position: 1, hash_id: 'h-2' },
        { text: 'three', correct: false, hash_id: 'h_3' },
      ],
      claim: 'a_claim',
      difficulty_params: { a: 1.25, d: -0.5 },
      original_uid: 'u-0',
      atoms: ['javascript', 'other'],
    });
    expect(second).toMatchObject({
      uid: 'u-2',
      code_block: '',
      language: null,
      atoms: [],
      original_uid: null,
    });
  });

  it('names malformed XML with its line and column', () => {
    const item = readItem('<assessmentItem identifier="x">\n  <itemBody></assessmentItem>', 'bad.xml');
    expect(item.errors).toEqual([
      { path: 'xml', message: expect.stringMatching(/^not well-formed XML: 2:\d+: /) },
    ]);
  });

  it('reads the HTML entities other tools write, and CDATA as text', () => {
    const item = readItem(
      `<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p2" identifier="e">
        <responseDeclaration identifier="R" cardinality="single" baseType="identifier">
          <correctResponse><value>A</value></correctResponse>
        </responseDeclaration>
        <itemBody><choiceInteraction responseIdentifier="R" maxChoices="1">
          <prompt>Price:&nbsp;5&euro; <![CDATA[<b>as is</b>]]></prompt>
          <simpleChoice identifier="A">yes</simpleChoice><simpleChoice identifier="B">no</simpleChoice>
        </choiceInteraction></itemBody>
      </assessmentItem>`,
      'e.xml',
    );
    expect(item.errors).toEqual([]);
    // Another tool's text is flattened: whitespace, a no-break space included, folds to one space.
    expect(item.raw.question_text).toBe('Price: 5\u20ac <b>as is</b>');
  });
});
