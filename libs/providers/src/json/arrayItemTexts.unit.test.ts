import { arrayItemTexts } from './arrayItemTexts';

describe('arrayItemTexts', () => {
  it('slices the items of the top-level array under the key, exactly as written', () => {
    const items = [
      { id: 'ch_1', nested: { data: [1, 2], note: 'a "quoted" ] } [ {' }, list: [{ id: 'x' }] },
      { id: 'ch_2', escaped: 'ends with a backslash \\', unicode: 'é 🎉 \u2028', empty: {} },
      { id: 'ch_3' },
    ];
    const text = JSON.stringify({ object: 'list', data: items, has_more: false, url: '/v1/charges' });
    const texts = arrayItemTexts(text, 'data');
    expect(texts).toEqual(items.map((item) => JSON.stringify(item)));
    expect(texts?.map((t) => JSON.parse(t) as unknown)).toEqual(items);
  });

  it('ignores the key inside nested objects and strings, and keeps whitespace as written', () => {
    const text = '{"meta":{"data":[9]},"note":"\\"data\\":[8]", "data" : [ {"id": "a"} ,\n {"id":"b"}, 3, "s", null ], "x": 1}';
    expect(arrayItemTexts(text, 'data')).toEqual(['{"id": "a"}', '{"id":"b"}', '3', '"s"', 'null']);
    expect(arrayItemTexts('{"data":[]}', 'data')).toEqual([]);
  });

  it('answers undefined when there is no such array', () => {
    expect(arrayItemTexts('{"object":"list"}', 'data')).toBeUndefined();
    expect(arrayItemTexts('{"data":{"a":1}}', 'data')).toBeUndefined();
    expect(arrayItemTexts('{"data":[{"a":1}', 'data')).toBeUndefined();
    expect(arrayItemTexts('{"data":["unterminated', 'data')).toBeUndefined();
  });
});
