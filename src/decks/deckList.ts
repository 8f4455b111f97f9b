/**
 * A pasted deck list as read, before any card is looked up: the one shape the parser gives and
 * the resolver takes, whichever of the formats players paste (Pokémon TCG Live, Limitless, PTCGO)
 * the text was in.
 */

/** One card line of a pasted deck list. */
export interface DeckListLine {
  /** The 1-based line of the pasted text. */
  line: number;
  /** The line as sent, without its line break. */
  text: string;
  /** How many copies the line asks for (at least 1). */
  count: number;
  /** The name as written (`Boss's Orders (Ghetsis)`, `Basic {P} Energy`), trimmed. */
  name: string;
  /** The set code as written (`SVI`, `pr-sv`, `Energy`), null when the line names none. */
  setCode: string | null;
  /** The collector number as written (`86`, `086`, `TG05`), null when the line names none. */
  number: string | null;
}

/** What the parser read: every card line, in the order pasted. Headers, trailers and blank lines are not card lines. */
export interface ParsedDeckList {
  lines: DeckListLine[];
}
