import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES } from '#contracts/attachments';
import { kindOfFile, sortPickedFiles } from './attachments';

const MB = 1024 * 1024;
/** A file that says it has `size` bytes (nothing is read). */
const fileOf = (name: string, type: string, size: number) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('picked files', () => {
  it('go as pictures when the browser calls them one, otherwise as files', () => {
    expect(kindOfFile(fileOf('a.png', 'image/png', 10))).toBe('image');
    expect(kindOfFile(fileOf('a.heic', 'image/heic', 10))).toBe('file');
    expect(kindOfFile(fileOf('plan.pdf', 'application/pdf', 10))).toBe('file');
  });

  it('are refused before any upload when empty or over their kind’s limit, in the server’s words', () => {
    const photo = fileOf('photo.jpg', 'image/jpeg', 2 * MB);
    expect(sortPickedFiles([fileOf('big.jpg', 'image/jpeg', 10 * MB + 1)])).toEqual({
      accepted: [],
      refused: [ATTACHMENT_MESSAGES.imageTooLarge],
    });
    const { accepted, refused } = sortPickedFiles([
      photo,
      fileOf('empty.txt', 'text/plain', 0),
      fileOf('huge.pdf', 'application/pdf', 20 * MB + 1),
    ]);
    expect(accepted).toEqual([{ kind: 'image', file: photo }]);
    expect(refused).toEqual([
      'empty.txt: the file is empty.',
      `huge.pdf: ${ATTACHMENT_MESSAGES.fileTooLarge}`,
    ]);
  });
});
