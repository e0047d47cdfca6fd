/** Starting a run of the user's own command from the app: the form's (after its check), or a stored run's again (rerunSpec's gate). */
import { PLACES, type CommandReach, type CommandSpec, type Place } from '../../electron/contract/contract.js';
import { getApi } from '../api/get-api';
import { useAppStore } from './app-store';
import { checkFields, commandRunSpec, remember, useCommandForm } from './command-form';

/**
 * The places the selected targets offer, in the order of PLACES (native first); those of the targets in `leftOut` (which cannot
 * see the project) not, and of a target in `only` (one that sees it on its guest disk only, in an uploaded copy) those listed there.
 */
export function offeredPlaces(leftOut: readonly string[] = [], only: Readonly<Record<string, readonly Place[]>> = {}): Place[] {
  const s = useAppStore.getState();
  const targets = (s.detect?.runtimes ?? []).flatMap((r) => r.targets).filter((t) => s.selectedTargets.includes(t.id) && !leftOut.includes(t.id));
  const places = new Set<Place>(['native', ...targets.flatMap((t) => only[t.id] ?? t.places)]);
  return PLACES.filter((p) => places.has(p));
}

/** Starts a run of a command on the selected targets (the places the user left out skipped); the engine's refusal goes to the form. */
export async function startCommand(command: CommandSpec, skip: readonly Place[] = []): Promise<boolean> {
  const store = useAppStore;
  const s = store.getState();
  store.setState({ starting: true });
  useCommandForm.setState({ refusal: null });
  try {
    const { jobId } = await getApi().startRun(commandRunSpec(command, s.selectedTargets, offeredPlaces(), skip));
    store.setState({ activeJobId: jobId });
    return true;
  } catch (err) {
    useCommandForm.setState({ refusal: err });
    return false;
  } finally {
    store.setState({ starting: false });
  }
}

/** "Time this command": checks the form (its problems shown beside the fields), remembers it under its project folder, starts it. */
export async function submitCommandForm(): Promise<boolean> {
  const { fields } = useCommandForm.getState();
  const checked = checkFields(fields);
  if (!checked.ok) {
    useCommandForm.setState({ problems: checked.problems });
    return false;
  }
  useCommandForm.setState({ problems: [] });
  remember(fields);
  return startCommand(checked.spec, fields.skipPlaces);
}

/**
 * Which chosen targets would be left out of a run of the command on `project`, and why, and which would measure their guest
 * disk only, in a copy uploaded into the VM (the engine's own rule: command.reach),
 * for the form to say before the click. This machine always sees the project, so it is not asked about; an answer that comes
 * after the folder or the targets changed again is dropped. Unknown (empty) while the folder is not an absolute path, or
 * when the engine cannot tell.
 */
export async function checkReach(project: string, targets: readonly string[]): Promise<CommandReach['targets']> {
  const folder = project.trim().replace(/(.)\/+$/, '$1');
  const others = targets.filter((t) => t !== 'local');
  if (!folder.startsWith('/') || others.length === 0) return [];
  try {
    return (await getApi().commandReach({ project: folder, targets: others })).targets;
  } catch {
    return [];
  }
}
