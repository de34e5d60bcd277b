import { describe, expect, it } from 'vitest';
import { ATTACHMENT_NAME_MAX } from '#contracts/attachments';
import { sniffFile, sniffImage, sniffVoice, zipEntryNames } from './upload-pipeline';
import { attachmentName, contentDisposition } from './uploads.attachments';
import { buildOfficeZip, buildVoiceWebm } from '#test/factories/files';

const bytes = (...values: number[]) => Buffer.from(values);
const PDF = { mime: 'application/pdf', extensions: ['pdf'] } as const;

describe('sniffing attachments by their bytes', () => {
  it('knows the image formats by their magic numbers', () => {
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImage(Buffer.from('GIF89a...'))).toBe('gif');
    expect(sniffImage(Buffer.from('GIF87a...'))).toBe('gif');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(bytes(0xff, 0xd8))).toBeNull();
  });

  it('knows WebM (by its DocType) and Ogg voice notes', () => {
    expect(sniffVoice(buildVoiceWebm())).toBe('webm');
    expect(sniffVoice(Buffer.from('OggS\0\x02'))).toBe('ogg');
    // Matroska video is EBML too, but not WebM.
    const matroska = buildVoiceWebm();
    matroska.write('mkvx', matroska.indexOf('webm'), 'latin1');
    expect(sniffVoice(matroska)).toBeNull();
    expect(sniffVoice(Buffer.from('ID3\x04'))).toBeNull();
  });

  it('knows the file types: PDF, Office Open XML by the ZIP directory, images, UTF-8 text', () => {
    expect(sniffFile(Buffer.from('%PDF-1.7\n'))?.mime).toBe('application/pdf');
    expect(sniffFile(buildOfficeZip('word/document.xml'))?.extensions).toEqual(['docx']);
    expect(sniffFile(buildOfficeZip('xl/workbook.xml'))?.extensions).toEqual(['xlsx']);
    expect(sniffFile(buildOfficeZip('ppt/presentation.xml'))?.extensions).toEqual(['pptx']);
    expect(sniffFile(buildOfficeZip(null))).toBeNull();
    expect(sniffFile(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))?.mime).toBe('image/png');
    expect(sniffFile(Buffer.from('Dear Lena,\r\n\tthank you — ünïcode ✓\n'))?.mime).toBe(
      'text/plain; charset=utf-8',
    );
    // Not UTF-8, or binary control characters: not text.
    expect(sniffFile(bytes(0x48, 0x69, 0xff, 0xfe))).toBeNull();
    expect(sniffFile(Buffer.from('MZ\x90\0\x03'))).toBeNull();
    expect(sniffFile(Buffer.from('PK\x03\x04 truncated'))).toBeNull();
  });

  it('reads the ZIP central directory, and refuses a broken one', () => {
    expect(zipEntryNames(buildOfficeZip('word/document.xml'))).toEqual([
      '[Content_Types].xml',
      'word/document.xml',
    ]);
    const broken = buildOfficeZip('word/document.xml');
    broken.writeUInt32LE(broken.length + 10, broken.length - 6);
    expect(zipEntryNames(broken)).toBeNull();
  });
});

describe('attachment names', () => {
  it('keeps the last path segment without control or direction characters, and a matching extension', () => {
    expect(attachmentName('C:\\Users\\robin\\plan.pdf', 'File', PDF)).toBe('plan.pdf');
    expect(attachmentName('../../etc/plan.PDF', 'File', PDF)).toBe('plan.PDF');
    expect(attachmentName('invoice\u202efdp.exe', 'File', PDF)).toBe('invoicefdp.exe.pdf');
    expect(attachmentName('  weekly\n  plan  ', 'File', PDF)).toBe('weekly plan.pdf');
    expect(attachmentName(undefined, 'File', PDF)).toBe('File.pdf');
    expect(attachmentName('..', 'File', PDF)).toBe('File.pdf');
    expect(attachmentName('photo.PNG', 'Image', { mime: 'image/webp', extensions: ['webp'] }, ['png'])).toBe(
      'photo.webp',
    );
    const long = attachmentName(`${'ä'.repeat(500)}.pdf`, 'File', PDF);
    expect([...long]).toHaveLength(ATTACHMENT_NAME_MAX);
    expect(long.endsWith('ä.pdf')).toBe(true);
  });

  it('serves files as downloads and images and voice inline, with an ASCII and a UTF-8 name', () => {
    expect(contentDisposition('file', 'Zoë "plan".pdf')).toBe(
      `attachment; filename="Zo_ _plan_.pdf"; filename*=UTF-8''Zo%C3%AB%20%22plan%22.pdf`,
    );
    expect(contentDisposition('image', 'a.webp')).toBe(`inline; filename="a.webp"; filename*=UTF-8''a.webp`);
    expect(contentDisposition('voice', "it's.webm")).toBe(
      `inline; filename="it's.webm"; filename*=UTF-8''it%27s.webm`,
    );
  });
});
