import { listJson } from './listJson';

describe('listJson', () => {
  it('writes the same bytes as JSON.stringify of the list, multi-byte characters included', () => {
    const items = [{ id: 'a', city: 'München' }, { id: 'b', note: 'Straße "quoted"' }, { id: 'c' }];
    const body = listJson(
      items.map((item) => JSON.stringify(item)),
      true,
      '/v1/customers',
    );
    expect(body.toString('utf8')).toBe(JSON.stringify({ object: 'list', data: items, has_more: true, url: '/v1/customers' }));
  });

  it('writes an empty page', () => {
    expect(listJson([], false, '/v1/charges').toString()).toBe('{"object":"list","data":[],"has_more":false,"url":"/v1/charges"}');
  });
});
