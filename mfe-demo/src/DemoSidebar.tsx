// Placeholder demo sidebar (the demo helper replaces it): only the collapsed 'Demo Mode' button.
import { useState } from 'react';
import type { DemoSidebarProps } from '@skillquiz/contracts';

export default function DemoSidebar({ demoModeEnabled }: DemoSidebarProps) {
  const [open, setOpen] = useState(false);
  return (
    <aside aria-label="Demo mode" style={{ position: 'fixed', left: 16, bottom: 16, zIndex: 10 }}>
      <button type="button" aria-expanded={open} aria-pressed={demoModeEnabled} onClick={() => setOpen(!open)}>
        Demo Mode
      </button>
    </aside>
  );
}
