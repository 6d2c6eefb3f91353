export * from './quote-verifier.js';
