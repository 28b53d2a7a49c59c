import { catalogue } from '@x/catalogue';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_ITEMS, listFieldsOf, sizeAnswer } from './answer.js';

const op = (id: string) => catalogue.find((o) => o.operationId === id)!;

describe('sizeAnswer', () => {
  it('finds the lists of records of an answer from the spec', () => {
    expect(listFieldsOf(op('predictionListEvents'))).toEqual(['data']);
    expect(listFieldsOf(op('predictionGetOrderbook'))).toEqual(['yes', 'no', 'yes_dollars', 'no_dollars']);
    expect(listFieldsOf(op('triggerV2GetOrderHistory'))).toEqual(['orders']);
    expect(listFieldsOf(op('predictionGetTradingStatus'))).toEqual([]);
    // a prepare's answer is never cut, nor the swap order (a prepare with taker)
    expect(listFieldsOf(op('lendBorrowOperateInstructions'))).toEqual([]);
    expect(listFieldsOf(op('swapGetOrder'))).toEqual([]);
  });

  it('cuts each list to the default page and says so; on a paged operation, that the rest of the page is not on the next one', () => {
    const data = Array.from({ length: 25 }, (_, i) => ({ eventId: `e${i}`, title: `t${i}` }));
    const { data: cut, sized } = sizeAnswer(op('predictionListEvents'), { data, pagination: { total: 25 } }, {});
    expect(cut).toEqual({ data: data.slice(0, DEFAULT_MAX_ITEMS), pagination: { total: 25 } });
    expect(sized).toBe(
      `data: ${DEFAULT_MAX_ITEMS} of 25 items shown (raise maxItems to see the rest of this page: the next page starts after its last item, not after the last shown; \`fields\` keeps only the named fields of each item).`,
    );
  });

  it('keeps a short answer whole and unmarked, and projects records to fields', () => {
    const levels = [
      [50, 10],
      [49, 3],
    ];
    expect(sizeAnswer(op('predictionGetOrderbook'), { yes: levels, no: levels }, {})).toEqual({ data: { yes: levels, no: levels } });
    const { data } = sizeAnswer(op('predictionListEvents'), { data: [{ eventId: 'e', title: 't' }] }, { fields: ['title'] });
    expect(data).toEqual({ data: [{ title: 't' }] });
  });

  it('says which of `fields` no item has (a misspelt name would leave empty records, unexplained)', () => {
    const data = [{ eventId: 'e', title: 't' }];
    const { data: kept, sized } = sizeAnswer(op('predictionListEvents'), { data }, { fields: ['title', 'titel'] });
    expect(kept).toEqual({ data: [{ title: 't' }] });
    expect(sized).toBe('fields: no item has titel (the items have eventId, title).');
    expect(sizeAnswer(op('predictionListEvents'), { data }, { fields: ['title'] }).sized).toBeUndefined();
    // an empty list says nothing of the fields
    expect(sizeAnswer(op('predictionListEvents'), { data: [] }, { fields: ['titel'] }).sized).toBeUndefined();
  });
});
