import { NO_SHUFFLE, servedOrder } from './questions';

describe('servedOrder with NO_SHUFFLE (the admin preview)', () => {
  it('puts locked answers at their positions and keeps the others in their order', () => {
    const answers = [
      { id: 'a' },
      { id: 'b', position: 0 },
      { id: 'c' },
      { id: 'd', position: 3 },
      { id: 'e' },
    ];
    expect(servedOrder(answers, NO_SHUFFLE).map((a) => a.id)).toEqual(['b', 'a', 'c', 'd', 'e']);
  });

  it('answers locked past the end or twice to one position still appear exactly once', () => {
    const answers = [
      { id: 'a', position: 1 },
      { id: 'b', position: 1 },
      { id: 'c', position: 9 },
      { id: 'd' },
    ];
    expect(servedOrder(answers, NO_SHUFFLE).map((a) => a.id)).toEqual(['b', 'a', 'c', 'd']);
  });
});
