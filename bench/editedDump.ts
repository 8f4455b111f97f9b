import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * A copy of the TCGdex dump `from` at `to` with one English card's HP raised by 10 (`card` is its
 * TCGdex id, `base1-4`): a source that differs from the original in one card, for the syncs of the
 * bench. The HP before and after.
 */
export async function editOneCard(from: string, to: string, card: string): Promise<{ before: number; after: number }> {
  await cp(from, to, { recursive: true });
  const file = path.join(to, 'en.cards.ndjson.gz');
  const lines = gunzipSync(await readFile(file)).toString('utf8').split('\n');
  const at = lines.findIndex((line) => line.includes(`"id":"${card}"`));
  if (at === -1) throw new Error(`no card ${card} in ${file}`);
  const record = JSON.parse(lines[at]!) as { id: string; hp?: number };
  if (record.id !== card || typeof record.hp !== 'number') throw new Error(`${card} has no HP to edit`);
  const before = record.hp;
  lines[at] = JSON.stringify({ ...record, hp: before + 10 });
  await writeFile(file, gzipSync(lines.join('\n'), { level: 9 }));
  return { before, after: before + 10 };
}
