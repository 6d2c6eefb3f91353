import { Initial1795300000000 } from './1795300000000-initial.js';

/** Every migration, in order. Register a new one here. */
export const MIGRATIONS = [Initial1795300000000];
