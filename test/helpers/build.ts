import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['build.mjs'], { stdio: 'inherit' });
}
