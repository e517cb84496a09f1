// Graceful shutdown's waiting: a delay that never keeps the process alive by itself.
export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());
