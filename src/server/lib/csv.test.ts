import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('csv writer', () => {
  it('quotes only what RFC 4180 needs quoted, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('Łódź ✓')).toBe('Łódź ✓');
  });

  it('makes cells a spreadsheet would run as a formula plain text', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('ends each record with CRLF', () => {
    expect(csvRow(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });
});
