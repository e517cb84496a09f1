import { BACKGROUND_HIGHLIGHT_LANGUAGES } from '@skillquiz/contracts/constants';
import { Prism } from 'prism-react-renderer';

it('the background grammar chunk registers every language of the contracts list (SPEC §1)', async () => {
  (globalThis as { Prism?: unknown }).Prism = Prism;
  await import('./extraGrammars');
  const missing = BACKGROUND_HIGHLIGHT_LANGUAGES.filter(
    (lang) => !(Prism.languages as Record<string, unknown>)[lang],
  );
  expect(missing).toEqual([]);
});
