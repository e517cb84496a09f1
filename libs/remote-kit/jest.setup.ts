import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 needs TextEncoder, which jsdom does not provide.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// The machines are shared with other test runs; a busy core must not fail a findBy after 1 s.
configure({ asyncUtilTimeout: 5000 });
