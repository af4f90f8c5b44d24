import { Joi, commonEnv, loadConfig } from '@datasync/config';
import { createSecretBox, parseMasterKeys } from '@datasync/crypto';
import { createKnex, dbEnv, type DbEnvConfig } from '@datasync/db';
import { countUnbound, refuseUnboundAdvice, resealSecrets } from './resealSecrets';

interface ResealConfig extends DbEnvConfig {
  SECRETS_MASTER_KEYS: string;
}

const schema = {
  ...commonEnv,
  ...dbEnv,
  SECRETS_MASTER_KEYS: Joi.string().required().description("the services' master keys, the new one first, the ones to retire after it"),
};

// `npm run secrets:reseal`: re-encrypts every stored secret under the first master key (see
// docs/security.md, master key rotation), prints what it did as one JSON line, then one line
// saying whether SECRETS_REFUSE_UNBOUND may be set. It opens unbound (v1) values whatever that
// switch says: moving them to bound ones is its job.
async function main(): Promise<void> {
  const config = loadConfig<ResealConfig>('secrets-reseal', schema, process.env);
  const knex = createKnex({
    url: config.DATABASE_URL,
    applicationName: 'secrets-reseal',
    poolMax: 2,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  try {
    const counts = await resealSecrets(knex, createSecretBox(parseMasterKeys(config.SECRETS_MASTER_KEYS)));
    process.stdout.write(`${JSON.stringify(counts)}\n`);
    process.stdout.write(`${refuseUnboundAdvice(await countUnbound(knex))}\n`);
  } finally {
    await knex.destroy();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`resealing the secrets failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
