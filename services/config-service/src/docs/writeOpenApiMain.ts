import { writeOpenApiFile } from '@datasync/openapi';
import { describeConfigService, OPENAPI_FILE } from './describeApi';

// `npm run openapi`: rewrites services/config-service/openapi.json.
describeConfigService()
  .then((document) => {
    writeOpenApiFile(OPENAPI_FILE, document);
    process.stdout.write(`wrote ${OPENAPI_FILE}\n`);
  })
  .catch((err: unknown) => {
    process.stderr.write(`openapi: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
