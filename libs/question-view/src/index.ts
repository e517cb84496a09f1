// The candidate's question view, rendered the same by the quiz and by the admin previews.
import './question-view.css';

export { RichText, parseRichText, type TextPart } from './RichText';
export { RichLine } from './RichLine';
export { CodeBlock, PlainCode, preloadHighlighting } from './CodeBlock';
export { AnswerList, type AnswerListProps } from './AnswerList';
export { languageLabel, prismLanguage } from './code/languageLabels';
