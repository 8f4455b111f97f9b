import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { projectRoot } from './support/shared.js';

/*
 * The lint rule (eslint.config.js: import-x's no-cycle) finds circles of imports that run; it passes
 * over `import type`. A circle of types ties modules together all the same, so this looks for any.
 */

const SRC = path.join(projectRoot, 'src');
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)\.js'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every module's relative imports, type-only ones included, as paths of source files. */
function importGraph(): Map<string, string[]> {
  const files = new Set(sourceFiles(SRC));
  return new Map([...files].map((file) => {
    const imported = [...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)]
      .map(([, specifier]) => path.resolve(path.dirname(file), `${specifier}.ts`))
      .filter((target) => files.has(target));
    return [file, imported];
  }));
}

/** The graph's strongly connected components of more than one module (Tarjan's algorithm): its circles. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module)!);
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(module, Math.min(low.get(module)!, index.get(next)!));
      }
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(path.relative(projectRoot, member));
    } while (member !== module);
    if (component.length > 1) found.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return found;
}

describe('the modules of src/', () => {
  it('import one another in no circle, type-only imports included', () => {
    const graph = importGraph();
    assert.ok(graph.size > 100, `read ${graph.size} modules of src/`);
    assert.deepEqual(circles(graph), []);
  });
});
