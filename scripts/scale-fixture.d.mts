/** Writes a machine with `count` libvirt domains (test driver) and `count` Vagrant machines under root. */
export function writeScaleFixture(root: string, count: number): { home: string; uri: string };
