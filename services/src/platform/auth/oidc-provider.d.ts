// oidc-provider ships no type declarations; dev-provider.ts declares the part it uses.
declare module 'oidc-provider';
