// A remote has no page of its own: it needs the shell's federation runtime, and the shell mounts ./HiringApp. Nothing runs here on purpose.
export {};
