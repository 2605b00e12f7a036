// A GET load generator in its own process, so that it does not take the measured server's event
// loop: drives one address with autocannon and prints its figures as one line of JSON.
//   node --import tsx bench/get-load.ts <url> <seconds> <connections>
import autocannon from 'autocannon';

const [url = '', seconds = '5', connections = '32'] = process.argv.slice(2);
const result = await autocannon({ url, connections: Number(connections), duration: Number(seconds) });
console.log(JSON.stringify({ requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts }));
