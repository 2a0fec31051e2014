import { rmSync } from 'node:fs';
import { SCREENS_DIR } from './shoot.ts';

/** Starts from an empty folder, so no picture of a page that is gone or renamed lingers. */
export default function clearScreens() {
  rmSync(SCREENS_DIR, { recursive: true, force: true });
}
