import { describe, expect, it } from 'vitest';
import { neutraliseCsvCell, restoreCsvCell } from './csv-cells.js';

describe('CSV cells', () => {
  it('quotes every cell a spreadsheet would run as a formula', () => {
    for (const cell of ['=1+2', '+new', '-10% sale', '@team', '\tindent', '\rline', '-A-100', '=', "'=x"])
      expect(neutraliseCsvCell(cell)).toBe(`'${cell}`);
  });

  it('leaves plain text, plain numbers and empty cells alone', () => {
    for (const cell of ['', 'Linen Shirt', '-5', '-12.50', '20.00', "'Tis the season", "'-5", 'a=b', ' =x'])
      expect(neutraliseCsvCell(cell)).toBe(cell);
  });

  it('is undone exactly by the import: every cell comes back as it was', () => {
    const cells = ['=1+2', '-10% sale', '@team', "'=quoted already", "''@twice", "'Tis", "'-5", '-5', 'plain', "'"];
    for (const cell of cells) expect(restoreCsvCell(neutraliseCsvCell(cell))).toBe(cell);
  });

  it('removes a quote only where the export would have added one', () => {
    expect(restoreCsvCell("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(restoreCsvCell("'Tis the season")).toBe("'Tis the season");
    expect(restoreCsvCell("'-5")).toBe("'-5");
    expect(restoreCsvCell('=raw')).toBe('=raw');
  });

  it('handles a long run of quotes without recursion', () => {
    const cell = `${"'".repeat(200_000)}=x`;
    expect(restoreCsvCell(neutraliseCsvCell(cell))).toBe(cell);
  });
});
