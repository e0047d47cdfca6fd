/**
 * The guest-agent client (qemu-agent.ts) for scripts that plain node runs (scripts/libvirt-test-guest.mjs):
 * the build bundles this file as dist/guest-agent.js, and its messages read the catalogue files as the CLI's do.
 */
import { useCatalogueFiles } from '../util/catalogue-files.js';

useCatalogueFiles();
export * from './qemu-agent.js';
