// The load generator of bench/http-transfers.ts, in its own process so that it does not take
// the server's event loop: reads the holders from a file, drives PUT /api/userMoneyTrans with
// autocannon and prints its figures as one line of JSON.
//   node --import tsx bench/transfer-load.ts <holders.json> <base url> <origin> <seconds> <connections>
import fs from 'node:fs';
import autocannon from 'autocannon';

type Holder = { cookie: string; accountId: string; name: string };

const [holdersFile = '', baseUrl = '', origin = '', seconds = '10', connections = '32'] = process.argv.slice(2);
const holders = JSON.parse(fs.readFileSync(holdersFile, 'utf8')) as Holder[];
let sequence = 0;

const result = await autocannon({
  url: baseUrl,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [
    {
      method: 'PUT',
      path: '/api/userMoneyTrans',
      setupRequest: (request) => {
        sequence += 1;
        const from = holders[sequence % holders.length]!;
        const to = holders[(sequence + 1 + (sequence % 7)) % holders.length]!;
        return {
          ...request,
          headers: { 'content-type': 'application/json', cookie: from.cookie, origin, 'idempotency-key': `bench-${process.pid}-${sequence}` },
          body: JSON.stringify({ id: from.accountId, confirmedName: to.name, accNum: to.accountId, sendAmount: '10.00' }),
        };
      },
    },
  ],
});
console.log(JSON.stringify({ transfersPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts }));
