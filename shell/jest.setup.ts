import '@testing-library/jest-dom';
// TextEncoder (react-router 7 needs it), fetch and Request come from jest.environment.js.
