import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SERVICE_NODE_FLAGS } from '../src/serviceNodeFlags.js';
import { projectRoot } from './support/shared.js';

const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');

describe('the service\'s V8 flags', () => {
  it('are the ones npm start and the image run it with', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    assert.match(scripts.serve!, new RegExp(`node ${SERVICE_NODE_FLAGS.join(' ')} dist/src/main\\.js$`));
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    assert.deepEqual(JSON.parse(cmd!), ['node', ...SERVICE_NODE_FLAGS, 'dist/src/main.js']);
  });

  it('are flags this Node starts with (an unknown one is refused)', () => {
    const started = spawnSync(process.execPath, [...SERVICE_NODE_FLAGS, '-e', '0']);
    assert.equal(started.status, 0, String(started.stderr));
    assert.notEqual(spawnSync(process.execPath, ['--max-semi-space-sizes=16', '-e', '0']).status, 0);
  });
});
