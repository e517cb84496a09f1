// Standalone development mount: the remote on its own, under /quiz/*, without the shell.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import QuizApp from './QuizApp';

const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/quiz/*" element={<QuizApp />} />
        <Route path="*" element={<p>Not found. Open /quiz/&lt;token&gt;.</p>} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
