// A review flag's reason names answers by hash_id (all the server's statistics know of them); the
// editor has the question's answers, so it names them by their text.
export function reasonInWords(
  reason: string,
  answers: readonly { hash_id: string | null; text: string }[],
): string {
  return answers.reduce(
    (text, a) => (a.hash_id ? text.split(a.hash_id).join(`"${a.text.trim()}"`) : text),
    reason,
  );
}
