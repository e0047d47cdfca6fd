/**
 * iperf3's JSON output (`iperf3 -c ... -J`) to vmbench samples: tx_Mbps for a normal run
 * (client -> server), rx_Mbps for a reverse run (-R, server -> client), from
 * start.test_start.reverse. The client always runs in the target (net.sh), so tx = the target
 * sends (inside a guest: guest -> host) and rx = the target receives (host -> guest). The value is
 * end.sum_received (what actually arrived), in Mbit/s = 10^6 bit/s.
 */
import { z } from 'zod';

/** One value an iperf3 run measured (tx_Mbps or rx_Mbps). */
export interface Iperf3Sample {
  metric: 'tx_Mbps' | 'rx_Mbps';
  value: number;
}

const sum = z.looseObject({ bits_per_second: z.number() });
const output = z.looseObject({
  start: z.looseObject({ test_start: z.looseObject({ reverse: z.number().optional() }).optional() }),
  end: z.looseObject({ sum_received: sum.optional(), sum_sent: sum.optional() }),
  error: z.string().optional(),
});

/** The sample of one iperf3 -J output (an object or its JSON text); throws on an error report or a wrong shape. */
export function iperf3Samples(json: unknown): Iperf3Sample[] {
  let value = json;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch (e) {
      throw new Error(`iperf3 output is not valid JSON (truncated?): ${(e as Error).message}`, { cause: e });
    }
  }
  const parsed = output.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`iperf3 output has an unexpected shape at "${issue.path.join('.')}": ${issue.message}`);
  }
  const d = parsed.data;
  if (d.error) throw new Error(`iperf3 reported an error: ${d.error}`);
  const s = d.end.sum_received ?? d.end.sum_sent;
  if (!s) throw new Error('iperf3 output has no end.sum_received: expected a TCP run with -J');
  const metric = d.start.test_start?.reverse ? 'rx_Mbps' : 'tx_Mbps';
  return [{ metric, value: s.bits_per_second / 1e6 }];
}
