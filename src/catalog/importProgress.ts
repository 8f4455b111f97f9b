/**
 * Told how far a long piece of work (reading a source, mapping it, writing the catalog) has come,
 * so a command line can show it; `phase` names the piece.
 */
export interface ImportProgress {
  (phase: string, done: number, total: number): void;
}
