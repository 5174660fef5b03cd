/**
 * Text a user can paste into a POSIX shell (sh, bash, zsh): the commands trek suggests and the
 * fixes it gives. Parsing a command line (a pager's) is shell-quote's job (src/output/pager.ts);
 * quoting one word is this line, which every suggestion shares.
 */

/** One word: as it is when it holds only characters no shell treats specially, else in single quotes. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** A command line of `words`, each a shellWord. */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}
