// Backups and restores: one archive format for both databases (docs/decisions/016).
export {
  type ArchiveSummary,
  BadArchiveError,
  describeArchive,
  NoStoreError,
  verifyArchive,
  writeArchive,
} from './archive.ts';
export { RestoreRefusedError, restoreArchive } from './restore.ts';
export { archiveName, pruneBackups } from './retention.ts';
