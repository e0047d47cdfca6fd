/** How a Lima setting is changed safely by `limactl edit NAME ...`: the instance's lima.yaml is backed up first and written back when it fails. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { atomicWrite } from '../util/atomic-write.js';
import { writeBackup } from '../apply-kit/backup.js';
import type { CommandProgram } from '../apply-kit/types.js';

/** limactl as a program of command findings (RuntimeKind.apply.commands): argv[2] names the instance. */
export const LIMACTL_COMMAND: CommandProgram = {
  async backup(argv, { dir, env }) {
    const e = env ?? process.env;
    const yamlPath = join(e.LIMA_HOME || join(e.HOME || homedir(), '.lima'), argv[2] ?? 'default', 'lima.yaml');
    if (!existsSync(yamlPath)) return undefined;
    const yamlText = await readFile(yamlPath, 'utf8');
    const file = await writeBackup(dir, 'lima.yaml', yamlText);
    return {
      file,
      async restore() {
        if ((await readFile(yamlPath, 'utf8').catch(() => '')) !== yamlText) await atomicWrite(yamlPath, yamlText);
        return true;
      },
    };
  },
};
