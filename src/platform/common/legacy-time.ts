/** `yyyy-MM-dd HH:mm:ss`, as the legacy server writes times. */
export function legacyTime(date: Date): string {
  return date.toISOString().replace('T', ' ').slice(0, 19);
}
