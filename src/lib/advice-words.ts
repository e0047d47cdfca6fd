import type { Finding, MeasuredValue, RuntimeInfo } from '../../electron/contract';
import { metricInfo } from '../../electron/metrics';
import { fmtNum } from './format';

const SETTING_WORDS: Record<string, (rec: string, name: string) => string> = {
  mountType: (rec, name) => `Use ${rec} for ${name}'s shared folders`,
  vmType: (rec, name) => `Switch ${name} to the ${rec === 'vz' ? 'Apple Virtualization (VZ)' : rec} virtual machine`,
  diskIo: (rec, name) => `Use io='${rec}' for ${name}'s disk`,
  diskCache: (rec, name) => `Use cache='${rec}' for ${name}'s disk`,
  diskBus: (rec, name) => `Put ${name}'s disk on the ${rec} bus`,
  iothreads: (_rec, name) => `Give ${name}'s disk an I/O thread`,
  nicModel: (rec, name) => `Use the ${rec} network card in ${name}`,
  redisTransport: (_rec, name) => `Talk to redis over a unix socket in ${name}`,
  fileWatcher: (_rec, name) => `Let file watchers poll in ${name}'s shared folders: saves made on this machine do not reach inotify there`,
  dependencyFolders: (_rec, name) => `Keep dependency folders (node_modules, vendor, .venv, target) in a named volume in ${name}`,
  mount9pMsizeKiB: (_rec, name) => `Leave ${name}'s 9p msize alone: the mount type is what matters`,
};

/** The finding's title in plain words ("Use virtiofs for Rancher Desktop's shared folders"). */
export function adviceTitle(f: Pick<Finding, 'setting' | 'recommended'>, rt: Pick<RuntimeInfo, 'name'>): string {
  const words = SETTING_WORDS[f.setting];
  const rec = f.recommended === null || f.recommended === undefined ? '' : String(f.recommended);
  return words ? words(rec, rt.name) : `Set ${f.setting} to ${rec} in ${rt.name}`;
}

/** The published number in one line: the evidence's first sentence. */
export function effectLine(evidence: string): string {
  const published = evidence.includes('Published: ') ? evidence.slice(evidence.indexOf('Published: ') + 'Published: '.length) : evidence;
  const first = published.split(/(?<=[.)])\s+(?=[A-Z])/)[0] ?? published;
  return first.length > 240 ? `${first.slice(0, 239)}…` : first;
}

/** "yours: 0.08× this machine" (a place against native) or "yours: virtiofs 1.4× reverse-sshfs"; null without own numbers. */
export function yoursLine(f: Pick<Finding, 'measured' | 'current' | 'recommended'>): string | null {
  const m: MeasuredValue[] = f.measured ?? [];
  const rec = m.find((x) => x.settingValue !== undefined && String(x.settingValue) === String(f.recommended));
  const cur = m.find((x) => x.settingValue !== undefined && String(x.settingValue) === String(f.current));
  // A time (dev-tree seconds): lower is better, so say how many times faster the recommendation was.
  if (rec && cur && rec.median > 0 && metricInfo(rec.metric).direction === 'lower') return `yours: ${String(f.recommended)} ${fmtX(cur.median / rec.median)} as fast as ${String(f.current)} (${rec.test})`;
  if (rec && cur && cur.median > 0) return `yours: ${String(f.recommended)} measured ${fmtX(rec.median / cur.median)} ${String(f.current)}`;
  const place = m.find((x) => x.place !== 'native');
  const native = m.find((x) => x.place === 'native');
  if (place && native && native.median > 0) return `yours: ${fmtX(place.median / native.median)} this machine (${place.test}, ${place.place})`;
  if (place) return `yours: ${fmtNum(place.median)} ${metricInfo(place.metric).unit} (${place.test}, ${place.place})`;
  return null;
}

function fmtX(r: number): string {
  return `${r >= 10 ? r.toFixed(0) : r.toFixed(2)}×`;
}
