/**
 * The one place where a run's `places` choice is applied: each target keeps only its places that were
 * asked for, and the plan, the ETA, the probe and the stored results all follow from what is kept.
 */
import type { Place, RunSpec } from '../../contract/contract.js';
import { targetNameRef } from '../../presentation/headline.js';
import { engineError } from '../util/errors.js';
import type { PlanTarget } from './run-estimate.js';

/** A target as the choice needs it: its id, its name and the places its transport offers. */
export interface OfferingTarget {
  id: string;
  label: string;
  transport: { places(): Place[] };
}

/** Each target with the places it is measured in (in its transport's order); a target offering none of the asked places is an invalid-input error. */
export function chosenPlaces(spec: Pick<RunSpec, 'places'>, targets: readonly OfferingTarget[]): PlanTarget[] {
  return targets.map((t) => {
    const offered = t.transport.places();
    if (!spec.places?.length) return { id: t.id, places: offered };
    const places = offered.filter((p) => spec.places!.includes(p));
    if (!places.length)
      throw engineError('invalid-input', 'errors.placesNotOffered', { name: targetNameRef(t), asked: spec.places.join(', '), offered: offered.join(', ') });
    return { id: t.id, places };
  });
}
