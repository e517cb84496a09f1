// How a command-line entry point ends: its exit code, or a one-line error (no stack) and 1.
export function runMain(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(`${name} failed:`, err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
