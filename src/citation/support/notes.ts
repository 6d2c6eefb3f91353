/**
 * What the checks work out once of a clause or a sentence, kept on the object itself, each kind of note in a slot
 * of its own. Not in WeakMaps: V8 keeps the entries of a WeakMap whose keys are young alive through every minor
 * collection, so that a WeakMap keyed by a paragraph's short-lived clauses moved each paragraph's notes to the old
 * generation, where only a full collection freed them.
 */

export interface Noted {
  /** The notes, by slot; a slot is empty until its note is first worked out. */
  readonly notes: unknown[];
}

let slots = 0;

/** One kind of note: a slot of every noted object. */
export class Note<T> {
  private readonly slot = slots++;

  get(owner: Noted): T | undefined {
    return owner.notes[this.slot] as T | undefined;
  }

  /** Keeps the note, and gives it back. */
  set(owner: Noted, value: T): T {
    owner.notes[this.slot] = value;
    return value;
  }
}
