import { ApiError } from '@datasync/errors';
import { parseListParams, type FilterKind } from './listParams';

const filters = new Map<string, FilterKind>([
  ['customer', 'string'],
  ['active', 'boolean'],
  ['ids', 'strings'],
  ['due_date', 'range'],
]);

function failure(query: unknown): { status: number; code?: string; param?: string; message: string } {
  try {
    parseListParams(query, filters);
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, code: err.code, param: err.param, message: err.message };
    throw err;
  }
  throw new Error('expected a failure');
}

describe('parseListParams', () => {
  it('applies Stripe defaults', () => {
    expect(parseListParams({}, filters)).toEqual({
      limit: 10,
      startingAfter: undefined,
      endingBefore: undefined,
      created: {},
      filters: new Map(),
    });
  });

  it('reads limits, cursors, created ranges and typed filters as qs parses them', () => {
    const params = parseListParams(
      {
        limit: '100',
        starting_after: 'ch_1',
        created: { gte: '10', lt: '20' },
        customer: 'cus_1',
        active: 'false',
        ids: ['a', 'b'],
        expand: ['data.customer'],
      },
      filters,
    );
    expect(params.limit).toBe(100);
    expect(params.startingAfter).toBe('ch_1');
    expect(params.created).toEqual({ gte: 10, lt: 20 });
    expect(params.filters).toEqual(
      new Map<string, unknown>([
        ['customer', 'cus_1'],
        ['active', false],
        ['ids', ['a', 'b']],
      ]),
    );
  });

  it('reads created=<ts> as an exact second', () => {
    expect(parseListParams({ created: '1700000000' }, filters).created).toEqual({ gte: 1700000000, lte: 1700000000 });
  });

  it('refuses limits outside 1–100 and non-integers', () => {
    expect(failure({ limit: '0' })).toMatchObject({ status: 400, code: 'parameter_invalid_integer', param: 'limit' });
    expect(failure({ limit: '101' })).toMatchObject({ status: 400, code: 'parameter_invalid_integer', param: 'limit' });
    expect(failure({ limit: 'ten' })).toEqual({
      status: 400,
      code: 'parameter_invalid_integer',
      param: 'limit',
      message: 'Invalid integer: ten',
    });
    expect(failure({ created: { gte: '1.5' } })).toMatchObject({ code: 'parameter_invalid_integer', param: 'created[gte]' });
  });

  it('refuses unknown parameters, unknown range keys, and both cursors at once', () => {
    expect(failure({ colour: 'red' })).toEqual({
      status: 400,
      code: 'parameter_unknown',
      param: 'colour',
      message: 'Received unknown parameter: colour',
    });
    expect(failure({ created: { after: '1' } })).toMatchObject({ code: 'parameter_unknown', param: 'created[after]' });
    expect(failure({ starting_after: 'a', ending_before: 'b' })).toMatchObject({ status: 400, code: 'parameters_exclusive' });
    expect(failure({ active: 'yes' })).toMatchObject({ status: 400, param: 'active' });
    expect(failure({ customer: ['a'] })).toMatchObject({ status: 400, param: 'customer' });
  });
});
