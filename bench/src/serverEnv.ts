import { Joi, parseConfig } from '@datasync/config';

/**
 * The servers the writer, S3 and verification-reads benchmarks write into. Unlike the tests, which get private
 * servers from `npm test`, a benchmark measures on the servers the developer runs: the local ones
 * on their default ports unless told otherwise.
 */
const serverEnv = {
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .default('postgres://postgres@127.0.0.1:5432/datasync_test')
    .description('Postgres database the writer and S3 benchmarks write into'),
  MYSQL_URL: Joi.string()
    .uri({ scheme: ['mysql'] })
    .default('mysql://root@127.0.0.1:3306/test')
    .description('MySQL/MariaDB database the writer benchmark writes into'),
};

export function benchServers(): Readonly<{ DATABASE_URL: string; MYSQL_URL: string }> {
  return parseConfig<{ DATABASE_URL: string; MYSQL_URL: string }>(serverEnv, process.env);
}
