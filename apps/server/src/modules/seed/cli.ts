// `npm run seed`: adds whatever demo data is missing to the configured database, then exits.
import { loadConfig } from '../../config';
import { openConfiguredDatabase } from '../../db/client';
import { formatDemoAccounts } from './demo-accounts';
import { seedDemoData } from './seed';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const report = await seedDemoData(database.db);
  process.stdout.write(
    `Added ${report.producersAdded} producers, ${report.productsAdded} products and ` +
      `${report.accountsAdded} accounts.\nDemo accounts:\n${formatDemoAccounts()}\n`,
  );
} finally {
  await database.close();
}
