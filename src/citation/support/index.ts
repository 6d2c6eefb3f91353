export * from './lexical-verifier.js';
export * from './numbers.js';
export * from './support-verifier.js';
export * from './text-profile.js';
