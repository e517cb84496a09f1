// What the dev page shows: the sidebar beside a stand-in for the quiz's question page, on a sample
// quiz result, with demo mode held in state as mfe-quiz holds it (the sidebar's own buttons change it).
import { useState } from 'react';
import type { QuizResult } from '@skillquiz/contracts';
import DemoSidebar from '../src/components/DemoSidebar';

export function DemoPage({ quizResult, startOpen }: { quizResult: QuizResult; startOpen: boolean }) {
  const [enabled, setEnabled] = useState(startOpen);
  const current = quizResult.next_question?.number;
  return (
    <>
      <main style={{ maxWidth: '40rem', margin: '2rem auto', padding: '0 1rem 0 18rem' }}>
        <h1>Question {current ?? '–'} (stand-in)</h1>
        <p>
          In the product mfe-quiz renders the question here and mounts the sidebar beside it. Demo mode is{' '}
          <strong>{enabled ? 'on' : 'off'}</strong>: the sidebar&apos;s own buttons switch it.
        </p>
      </main>
      <DemoSidebar quizResult={quizResult} demoModeEnabled={enabled} setDemoModeEnabled={setEnabled} />
    </>
  );
}
