import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 needs TextEncoder, which jsdom does not provide.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has Blob but no object URLs: the CSV download (src/hooks/browser.ts) makes one. The blobs
// made are kept so a test can read what would have been downloaded.
const blobs = new Map<string, Blob>();
let nextBlob = 0;
Object.assign(URL, {
  createObjectURL: (blob: Blob) => {
    const url = `blob:jsdom/${nextBlob++}`;
    blobs.set(url, blob);
    return url;
  },
  revokeObjectURL: () => {},
});
Object.assign(globalThis, { downloadedBlobs: blobs });

// The machines are shared with other test runs; a busy core must not fail a findBy after 1 s.
configure({ asyncUtilTimeout: 5000 });
