export * from './claim-verifier.js';
export * from './support-verifier.js';
