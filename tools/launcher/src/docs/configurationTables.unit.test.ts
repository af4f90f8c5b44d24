import { Joi } from '@datasync/config';
import { documentedTable, withCurrentTables } from './configurationTables';

const schema = {
  PORT: Joi.number().default(4000).description('HTTP port'),
  DATABASE_URL: Joi.string().required().description('control-plane Postgres'),
  SEED: Joi.string().description('a | b'),
};

const doc = ['# x', '', '<!-- env: svc -->', 'stale', '<!-- /env -->', '', 'tail', ''].join('\n');

describe('withCurrentTables', () => {
  it('rewrites only what is between the markers', () => {
    const updated = withCurrentTables(doc, [{ name: 'svc', schema: () => schema }]);
    expect(updated.startsWith('# x\n\n<!-- env: svc -->\n| variable | default | meaning |\n')).toBe(true);
    expect(updated.endsWith('\n<!-- /env -->\n\ntail\n')).toBe(true);
    expect(documentedTable(updated, 'svc')?.split('\n')).toEqual([
      '| variable | default | meaning |',
      '|---|---|---|',
      '| `PORT` | `4000` | HTTP port |',
      '| `DATABASE_URL` | **required** | control-plane Postgres |',
      '| `SEED` | (unset) | a \\| b |',
    ]);
  });

  it('refuses a document without the section, rather than dropping the table', () => {
    expect(() => withCurrentTables(doc, [{ name: 'other', schema: () => schema }])).toThrow(
      'docs/configuration.md has no <!-- env: other --> section',
    );
  });
});
