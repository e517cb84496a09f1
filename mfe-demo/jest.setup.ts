import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom has no TextEncoder; React and the testing tools may reach for it.
Object.assign(globalThis, { TextEncoder, TextDecoder });
