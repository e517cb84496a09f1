// The two things the hiring pages ask of the browser itself: saving a text as a file (the CSV
// export) and copying a candidate link. Small and separate so the pages stay about their rules.

/** Saves `text` as a download named `fileName` (a spreadsheet-friendly UTF-8 BOM goes first for CSV). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const body = type.startsWith('text/csv') && !text.startsWith('\uFEFF') ? `\uFEFF${text}` : text;
  const url = URL.createObjectURL(new Blob([body], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken its copy once the click's task is done.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A chosen file's text (FileReader: every browser has it, and so do the tests' jsdom). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/**
 * Copies `text` to the clipboard: the Clipboard API where the page may use it, else the selected
 * text of `fallbackInput` through the older copy command. Resolves whether it worked.
 */
export async function copyText(text: string, fallbackInput?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // permission refused or not a secure context: try the older way
  }
  if (!fallbackInput) return false;
  fallbackInput.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
