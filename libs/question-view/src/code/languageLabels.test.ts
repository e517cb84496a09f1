import { CODE_BLOCK_OPTIONS } from '@skillquiz/contracts/constants';
import { languageLabel } from './languageLabels';

it('labels every highlighter language as the contracts list does, and Prism aliases alike', () => {
  for (const { value, label } of CODE_BLOCK_OPTIONS) expect(languageLabel(value)).toBe(label);
  expect(languageLabel('markup')).toBe('HTML');
  expect(languageLabel('js')).toBe('JavaScript');
  expect(languageLabel('yml')).toBe('YAML');
  expect(languageLabel('brainfuck')).toBe('brainfuck');
});
