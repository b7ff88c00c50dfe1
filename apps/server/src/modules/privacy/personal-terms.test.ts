import { describe, expect, it } from 'vitest';
import { ERASED, eraseTerms, personalTerms, scrubJson } from './personal-terms.js';

describe('personal terms', () => {
  it('lists e-mails, full names, phones (also as digits) and streets, lower-cased, once each', () => {
    expect(
      personalTerms({
        emails: ['Ann.Lee@Example.com'],
        names: [
          { firstName: 'Ann', lastName: 'Lee' },
          { firstName: 'ann', lastName: 'lee' },
        ],
        phones: ['555-012-3456', null, '12'],
        streets: ['1 Main St', ''],
      }),
    ).toEqual(['ann.lee@example.com', 'ann lee', '555-012-3456', '5550123456', '1 main st']);
  });

  it('erases each term inside a text, whatever its case, and leaves the rest', () => {
    expect(eraseTerms('Call Ann Lee (555-012-3456) about 1 MAIN ST', ['ann lee', '555-012-3456', '1 main st'])).toBe(
      `Call ${ERASED} (${ERASED}) about ${ERASED}`,
    );
    expect(eraseTerms('a+b@x.com and a.b@x.com', ['a+b@x.com'])).toBe(`${ERASED} and a.b@x.com`);
    expect(eraseTerms('nothing to do', [])).toBe('nothing to do');
  });

  it('scrubs JSON: terms anywhere, and every string under a personal key when the entry is about the person', () => {
    const details = {
      orderNumber: 'ORD-1',
      email: 'ann@example.com',
      total: 42,
      changes: {
        phone: { before: '555-012-3456', after: null },
        status: { before: 'pending', after: 'shipped' },
        shippingAddress: { before: { street: '1 Main St', zipCode: '62701' }, after: { street: 'x' } },
      },
      items: ['Tee (M/Black) x1 for ann@example.com'],
    };
    expect(scrubJson(details, ['ann@example.com'], true)).toEqual({
      orderNumber: 'ORD-1',
      email: ERASED,
      total: 42,
      changes: {
        phone: { before: ERASED, after: null },
        status: { before: 'pending', after: 'shipped' },
        shippingAddress: { before: { street: ERASED, zipCode: ERASED }, after: { street: ERASED } },
      },
      items: [`Tee (M/Black) x1 for ${ERASED}`],
    });
    // An entry about someone else keeps its fields; only the person's words go.
    expect(scrubJson({ email: 'staff@example.com', label: 'ann@example.com' }, ['ann@example.com'], false)).toEqual({
      email: 'staff@example.com',
      label: ERASED,
    });
  });
});
