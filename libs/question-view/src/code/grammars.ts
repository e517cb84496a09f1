// Background loading of the extra highlighting grammars, and a hook that polls (every 1000 ms,
// SPEC §9) until the grammar a code block needs is there.
import { useEffect, useState } from 'react';
import { Prism } from 'prism-react-renderer';
import { CONSTANTS } from '@skillquiz/contracts/constants';

let loading: Promise<void> | null = null;

export function loadExtraGrammars(): Promise<void> {
  if (!loading) {
    // Prism's component files register on a global `Prism`.
    (globalThis as { Prism?: unknown }).Prism = Prism;
    loading = import(/* webpackChunkName: "prism-grammars" */ './extraGrammars').then(
      () => undefined,
      () => {
        loading = null; // let a later poll try again
      },
    );
  }
  return loading;
}

function hasGrammar(lang: string): boolean {
  return lang === 'plain' || Boolean((Prism.languages as Record<string, unknown>)[lang]);
}

export function useGrammar(lang: string): boolean {
  const [ready, setReady] = useState(() => hasGrammar(lang));
  useEffect(() => {
    if (hasGrammar(lang)) {
      setReady(true);
      return undefined;
    }
    setReady(false);
    void loadExtraGrammars();
    const id = setInterval(() => {
      if (hasGrammar(lang)) {
        setReady(true);
        clearInterval(id);
      } else {
        void loadExtraGrammars();
      }
    }, CONSTANTS.HIGHLIGHT_POLL_MS);
    return () => clearInterval(id);
  }, [lang]);
  return ready;
}
