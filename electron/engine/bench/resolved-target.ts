import type { Transport } from '../transports/types.js';

/** A target ready to run scripts in. */
export interface ResolvedTarget {
  id: string;
  runtime: string;
  label: string;
  settings: Record<string, unknown>;
  transport: Transport;
}
