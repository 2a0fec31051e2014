import path from 'node:path/posix';
import { buffer } from 'node:stream/consumers';
import {
  CATALOGUE_CSV_LIMITS,
  CATALOGUE_ZIP_LIMITS,
  UPLOAD_MAX_BYTES,
  CATALOGUE_ZIP_MESSAGES as Z,
} from '@habi/shared';
import { type Entry, fromBufferPromise, type ZipFile } from 'yauzl';
import { badInput, tooLarge } from '../../lib/errors.ts';
import { detectImageKind, imageUrlOf } from '../uploads/index.ts';
import { fileOf, readLines } from './catalogue-csv.read.ts';

// A catalogue ZIP: the catalogue CSV with the photos of the new products it adds
// (docs/business-rules.md, "SKUs and the catalogue CSV"). Only the files the CSV names are
// inflated, each no larger than its header says (yauzl stops a stream that outgrows it), so a
// file that inflates to gigabytes costs no more than its stated size.

/** An image the CSV names, as the ZIP gives it: the file the store will know it by, or why not. */
export type ZipImage = { file: string; entry: Entry } | { error: string };

export interface CatalogueZip {
  csv: string;
  /** By the names the CSV's Image and Variation image cells give. */
  images: Map<string, ZipImage>;
  /** An image's bytes, read again to be stored. */
  read(entry: Entry): Promise<Buffer>;
  close(): void;
}

/** Folders and files a computer adds on its own (macOS's `__MACOSX/`, `.DS_Store`). */
const ignored = (name: string) =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || path.basename(name).startsWith('.');

async function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return buffer(await zip.openReadStreamPromise(entry));
}

/**
 * Opens a catalogue ZIP: its one CSV read as text, and each image the CSV names found (by its
 * path from the CSV's folder, else by its file name when one file has it), checked to be a PNG,
 * JPEG or SVG of at most an upload's size, and named as the store will name it. 400 for a ZIP
 * that cannot be read, has too many files, not exactly one CSV, or names photos of more than
 * CATALOGUE_ZIP_LIMITS.unpacked bytes in all.
 */
export async function openCatalogueZip(bytes: Buffer): Promise<CatalogueZip> {
  let zip: ZipFile;
  try {
    zip = await fromBufferPromise(bytes, { lazyEntries: true, autoClose: false });
  } catch {
    throw badInput(Z.unreadable);
  }
  try {
    if (zip.entryCount > CATALOGUE_ZIP_LIMITS.files) throw badInput(Z.tooManyFiles);
    const entries: Entry[] = [];
    try {
      for await (const entry of zip.eachEntry()) if (!ignored(entry.fileName)) entries.push(entry);
    } catch {
      throw badInput(Z.unreadable);
    }
    const csvs = entries.filter((e) => e.fileName.toLowerCase().endsWith('.csv'));
    if (csvs.length !== 1) throw badInput(Z.oneCsv);
    const csvEntry = csvs[0]!;
    if (csvEntry.uncompressedSize > CATALOGUE_CSV_LIMITS.bytes) throw tooLarge(Z.csvTooLarge);
    const csv = await readEntry(zip, csvEntry)
      .then((data) => new TextDecoder().decode(data))
      .catch(() => {
        throw badInput(Z.unreadable);
      });
    const folder = path.dirname(csvEntry.fileName);
    const byPath = new Map(entries.map((e) => [e.fileName, e]));
    const find = (name: string) => {
      const exact = byPath.get(path.join(folder, name.replaceAll('\\', '/')));
      if (exact || name.includes('/')) return exact;
      const named = entries.filter((e) => path.basename(e.fileName) === name);
      return named.length === 1 ? named[0] : undefined;
    };
    const named = [...imageNames(csv)].flatMap((name) => {
      const entry = find(name);
      return entry ? [{ name, entry }] : [];
    });
    // Each is read once to be checked, once more to be stored: bounded together, too.
    const unpacked = [...new Set(named.map((n) => n.entry))].reduce((n, e) => n + e.uncompressedSize, 0);
    if (unpacked > CATALOGUE_ZIP_LIMITS.unpacked) throw badInput(Z.tooManyPhotos);
    const images = new Map<string, ZipImage>();
    for (const { name, entry } of named) images.set(name, await checkImage(zip, name, entry));
    return { csv, images, read: (entry) => readEntry(zip, entry), close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** The image names the CSV's cells give (a file whose header is wrong names none: its dry run says why). */
function imageNames(csv: string): Set<string> {
  const names = new Set<string>();
  try {
    for (const line of readLines(csv)) {
      for (const cell of [line.cells.Image, line.cells['Variation image']])
        if (cell.trim()) names.add(cell.trim());
    }
  } catch {
    // The plan reads the file again and answers its header's 400.
  }
  return names;
}

async function checkImage(zip: ZipFile, name: string, entry: Entry): Promise<ZipImage> {
  if (entry.uncompressedSize > UPLOAD_MAX_BYTES) return { error: Z.imageTooLarge(name) };
  if (entry.isEncrypted() || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8))
    return { error: Z.unreadableImage(name) };
  const data = await readEntry(zip, entry).catch(() => null);
  if (!data) return { error: Z.unreadableImage(name) };
  if (!detectImageKind(data)) return { error: Z.notImage(name) };
  return { file: fileOf(imageUrlOf(data)), entry };
}
