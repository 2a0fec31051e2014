import { crc32, deflateRawSync } from 'node:zlib';

/** A file of a test ZIP. */
export interface ZipEntry {
  name: string;
  data: Buffer;
  /** 8 (deflate, the default) or 0 (stored). */
  method?: 0 | 8;
  /** The size its headers state, when a test makes them lie (a ZIP bomb's trick). */
  statedSize?: number;
}

/**
 * A ZIP file as a computer's "Compress" writes one (PKWARE's APPNOTE: a local header and data per
 * file, then the central directory), written here so tests can also make the malformed ones an
 * attacker would send.
 */
export function makeZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, method = 8, statedSize = data.length } of entries) {
    const body = method === 8 ? deflateRawSync(data) : data;
    const fileName = Buffer.from(name, 'utf8');
    // version 2.0, UTF-8 names, the method, 1980-01-01 00:00, crc, sizes, the name's length.
    const common = (header: Buffer, at: number) => {
      header.writeUInt16LE(0x0800, at);
      header.writeUInt16LE(method, at + 2);
      header.writeUInt16LE(0, at + 4);
      header.writeUInt16LE(0x21, at + 6);
      header.writeUInt32LE(crc32(data), at + 8);
      header.writeUInt32LE(body.length, at + 12);
      header.writeUInt32LE(statedSize, at + 16);
      header.writeUInt16LE(fileName.length, at + 20);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    common(local, 6);
    locals.push(local, fileName, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    common(central, 8);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
