/** Section 1 of perf: native rand-read and seq-write, app vs fio by hand in counterbalanced pairs; the pairs go to perf's ledger. */
export function nativeAbab(o: { home: string; env: Record<string, string | undefined>; pairs?: number; say: (line: string) => void }): Promise<void>;
