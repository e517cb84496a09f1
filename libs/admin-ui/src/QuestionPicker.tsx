// A search-as-you-type question picker, used by the atom's beta-questions page (beta
// candidates only) and its Questions page (questions to attach): both remotes, so it lives here once.
// It is an ARIA 1.2 combobox with a list popup: typing asks `search` (after the text has been still
// for `debounceMs`, through TanStack Query, so a late reply never shows for newer text and a fetch
// nobody wants is aborted); ArrowDown/ArrowUp move through the options, Enter picks the highlighted
// one (the first, until the arrows move), Escape closes the list. A pick clears the box and keeps
// focus in it, so a keyboard user can pick the next one at once. A live region says how many matched.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';

export interface PickerOption {
  id: number;
  /** Plain text of the option (what a screen reader reads when no `render` is given). */
  label: string;
  /** A short second line, e.g. the review status. */
  detail?: string;
}

export interface QuestionPickerProps<T extends PickerOption> {
  label: string;
  /** Shown under the box: what is offered (e.g. "Only questions that are not administered."). */
  hint?: string;
  /** The options for `text` (trimmed, never empty). Throwing shows the error's message. */
  search(text: string, signal: AbortSignal): Promise<T[]>;
  /** Part of the query key: two pickers with different searches must not share results. */
  queryKey: string;
  onPick(option: T): void;
  /** Ids not to offer (already listed). */
  exclude?: readonly number[];
  /** The option's content (default: `#id label` and the detail). */
  render?(option: T): ReactNode;
  /** What the live region says when nothing matches (default "No question matches."). */
  noneText?: string;
  disabled?: boolean;
  debounceMs?: number;
}

export function QuestionPicker<T extends PickerOption>({
  label,
  hint,
  search,
  queryKey,
  onPick,
  exclude = [],
  render,
  noneText = 'No question matches.',
  disabled = false,
  debounceMs = 250,
}: QuestionPickerProps<T>) {
  const id = useId();
  const [text, setText] = useState('');
  const [settled, setSettled] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [text, debounceMs]);

  const results = useQuery({
    queryKey: ['question-picker', queryKey, settled],
    queryFn: ({ signal }) => search(settled, signal),
    enabled: settled !== '',
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const options = (results.data ?? []).filter((o) => !exclude.includes(o.id));
  const current = settled === text.trim() && settled !== '';
  const showList = open && current && options.length > 0;
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  let status = '';
  if (settled !== '' && current) {
    if (results.isError) status = `The search failed: ${results.error.message}`;
    else if (results.isPending) status = 'Searching…';
    else if (options.length === 0) status = noneText;
    else status = `${options.length} ${options.length === 1 ? 'question' : 'questions'} found.`;
  }

  const pick = (option: T) => {
    onPick(option);
    setText('');
    setSettled('');
    setOpen(false);
    setActive(0);
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      const by = e.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + by + options.length) % Math.max(options.length, 1));
    } else if (e.key === 'Enter') {
      // Enter picks; it must never submit (save) a form around the picker.
      e.preventDefault();
      if (showList) pick(options[activeIndex]);
    } else if (e.key === 'Escape') {
      if (open) e.preventDefault();
      setOpen(false);
    }
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  return (
    <div className="sq-picker">
      <label className="sq-field__label" htmlFor={`${id}-input`}>
        {label}
      </label>
      {hint && (
        <p className="sq-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        ref={input}
        id={`${id}-input`}
        className="sq-field__input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-activedescendant={showList ? optionId(activeIndex) : undefined}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
      />
      <ul id={listId} role="listbox" aria-label={label} className="sq-picker__list" hidden={!showList}>
        {showList &&
          options.map((option, i) => (
            <li
              key={option.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === activeIndex}
              className={
                i === activeIndex ? 'sq-picker__option sq-picker__option--active' : 'sq-picker__option'
              }
              // mousedown, not click: the box's blur would close the list before a click landed.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(option);
              }}
            >
              {render ? (
                render(option)
              ) : (
                <>
                  <span className="sq-picker__id">#{option.id}</span> {option.label}
                  {option.detail && <span className="sq-picker__detail"> · {option.detail}</span>}
                </>
              )}
            </li>
          ))}
      </ul>
      <div className="sq-sr-only" role="status" aria-atomic="true">
        {status}
      </div>
    </div>
  );
}
