// The load generator of bench/payments.ts, in its own process so that it does not take the
// server's event loop (as bench/transfer-load.ts for transfers): `connections` customers' apps each
// confirm payments one after another (POST /api/payments, each with its own Idempotency-Key) until
// `count` have been confirmed, and it prints, as one line of JSON, each payment's id with the
// moment (epoch ms) its confirm was sent, and the failures.
//   node --import tsx bench/payment-load.ts <orders.json> <base url> <origin> <count> <connections>
import fs from 'node:fs';

type Order = { cookie: string; body: Record<string, unknown> };

const [ordersFile = '', baseUrl = '', origin = '', count = '100', connections = '16'] = process.argv.slice(2);
const orders = JSON.parse(fs.readFileSync(ordersFile, 'utf8')) as Order[];
const total = Number(count);
const confirmed: Array<{ id: string; sentAtMs: number }> = [];
const failures: string[] = [];
let next = 0;

async function customer(): Promise<void> {
  while (next < total) {
    const sequence = next++;
    const order = orders[sequence % orders.length]!;
    const sentAtMs = Date.now();
    try {
      const response = await fetch(`${baseUrl}/api/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie: order.cookie, 'idempotency-key': `bench-payment-${process.pid}-${sequence}` },
        body: JSON.stringify(order.body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      if (response.status === 200) confirmed.push({ id: (JSON.parse(text) as { id: string }).id, sentAtMs });
      else failures.push(`${response.status} ${text.slice(0, 200)}`);
    } catch (error) {
      failures.push(String(error));
    }
  }
}

await Promise.all(Array.from({ length: Number(connections) }, customer));
console.log(JSON.stringify({ confirmed, failures }));
