import { reasonInWords } from './reviewReasons';

describe('reasonInWords', () => {
  const answers = [
    { hash_id: 'k1', text: 'Right' },
    { hash_id: 'x9', text: ' `let` ' },
    { hash_id: null, text: 'Not saved yet' },
  ];
  it('names answers by their text', () => {
    expect(
      reasonInWords('In the top third of candidates by ability, answer x9 was chosen 8 times', answers),
    ).toBe('In the top third of candidates by ability, answer "`let`" was chosen 8 times');
  });
  it('leaves a reason without answer ids, or with an id the question no longer has, as it is', () => {
    expect(reasonInWords('Discrimination 0.03 is near zero', answers)).toBe(
      'Discrimination 0.03 is near zero',
    );
    expect(reasonInWords('answer zz7 was chosen', answers)).toBe('answer zz7 was chosen');
  });
});
