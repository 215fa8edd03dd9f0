import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('reads bytes, kilobytes and megabytes the Russian way', () => {
    expect(formatFileSize(900)).toBe('900 Б');
    expect(formatFileSize(348_160)).toBe('340 КБ');
    expect(formatFileSize(1_258_291)).toBe('1,2 МБ');
  });
});
