/** `npm run bench`: measures and prints. Never a pass/fail test: these machines are noisy. */
import { gatewayBench } from './gateway';
import { printTable, type Row } from './stats';

const rows: Row[] = [];
console.log(`Lobby bench, node ${process.version}, ${new Date().toISOString()}`);
rows.push(...(await gatewayBench()));
printTable(rows);
