// A remote has no page of its own: it needs the shell's federation runtime, and the shell mounts ./AdminQuestionsApp. Nothing runs here on purpose.
export {};
