/**
 * Hotel save diff over N packages, N rate codes and N access services (N per list), against a bare
 * Map-based diff doing the same job (same three-way split, same localId → uuid mapping, same uuid
 * generation) in the same run. Also the worker's job as it runs: zod validation, then the diff.
 * A full collection before each timed run (server/services/heap.ts collectNow) keeps one contender's
 * garbage out of the next one's time.
 */
import { hotelSaveDiff, type HotelSaveDiffInput } from '../src/domain/hotel-save-diff';
import { collectNow } from '../server/services/heap';
import { jobs } from '../worker/jobs';
import { percentile, type Row } from './stats';

const HOTEL = '0a0a0a0a-0000-4000-8000-000000000001';
const DEFINITION = '0d0d0d0d-0000-4000-8000-000000000001';
const OTHER_DEFINITION = '0e0e0e0e-0000-4000-8000-000000000001';
const id = (list: number, n: number) => `${list.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** 80% kept (updated), 5% missing locally, 5% flagged deleted, 10% new (half with a client uuid). */
export function diffInput(n: number): HotelSaveDiffInput {
  const packages: HotelSaveDiffInput['packages'] = [];
  const rateCodes: HotelSaveDiffInput['rateCodes'] = [];
  const accessControls: HotelSaveDiffInput['accessControls'] = [];
  const server = { packages: [] as { uuid: string }[], rateCodes: [] as { uuid: string }[], accessControls: [] as { uuid: string }[] };
  const localIds: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const kind = i % 20; // 0: missing locally, 1: flagged deleted, 2-3: new, else kept
    const onServer = kind !== 2 && kind !== 3;
    const uuid = kind === 2 ? undefined : id(1, i);
    const localId = uuid ?? `new-package-${i}`;
    localIds.push(localId);
    if (onServer) server.packages.push({ uuid: id(1, i) });
    if (kind !== 0) packages.push({ uuid, localId, name: `PKG${i}`, externalId: `PKG${i}`, calculationRule: 'ADULT', deleted: kind === 1 });
  }
  for (let i = 0; i < n; i += 1) {
    const kind = i % 20;
    const onServer = kind !== 2 && kind !== 3;
    const uuid = kind === 2 ? undefined : id(2, i);
    if (onServer) server.rateCodes.push({ uuid: id(2, i) });
    if (kind !== 0 && kind !== 1) {
      rateCodes.push({
        uuid,
        localId: uuid ?? `new-rate-${i}`,
        name: `RC${i}`,
        externalId: `RC${i}`,
        hotelUuid: HOTEL,
        packages: [localIds[(i * 7) % n] as string, localIds[(i * 13 + 1) % n] as string, localIds[(i * 31 + 2) % n] as string],
      });
    }
    if (onServer) server.accessControls.push({ uuid: id(3, i) });
    if (kind !== 0 && kind !== 1) {
      accessControls.push({
        uuid: kind === 2 ? undefined : id(3, i),
        localId: kind === 2 ? `new-access-${i}` : id(3, i),
        name: `Access ${i}`,
        idMethods: ['MSR'],
        hotelsAndPackages: [
          { hotelDefinitionUuid: DEFINITION, pmsPackageUuid: localIds[(i * 11) % n] as string },
          { hotelDefinitionUuid: OTHER_DEFINITION, pmsPackageUuid: id(9, i) },
        ],
      });
    }
  }
  return { hotelDefinitionUuid: DEFINITION, packages, rateCodes, accessControls, server };
}

/** The straightforward version: Maps and spreads, no deduplication, no payload shaping. */
export function bareDiff(input: HotelSaveDiffInput) {
  const three = <T extends { uuid?: string | null; localId: string; deleted?: boolean }>(local: readonly T[], server: readonly { uuid: string }[]) => {
    const onServer = new Map(server.map((item) => [item.uuid, item]));
    const created: (T & { uuid: string })[] = [];
    const updated: T[] = [];
    const deleted: string[] = [];
    const seen = new Set<string>();
    for (const item of local) {
      if (item.uuid) seen.add(item.uuid);
      if (item.deleted) {
        if (item.uuid && onServer.has(item.uuid)) deleted.push(item.uuid);
      } else if (item.uuid && onServer.has(item.uuid)) updated.push(item);
      else created.push({ ...item, uuid: item.uuid || crypto.randomUUID() });
    }
    for (const uuid of onServer.keys()) if (!seen.has(uuid)) deleted.push(uuid);
    return { created, updated, deleted };
  };
  const packages = three(input.packages, input.server.packages);
  const uuidOf = new Map<string, string>();
  for (const item of [...packages.created, ...packages.updated]) uuidOf.set(item.localId, item.uuid as string);
  const rateCodes = three(input.rateCodes, input.server.rateCodes);
  const mapCode = <T extends { packages: string[] }>(code: T) => ({ ...code, packages: code.packages.flatMap((p) => uuidOf.get(p) ?? []) });
  const access = three(input.accessControls, input.server.accessControls);
  const mapAccess = <T extends { hotelsAndPackages: { hotelDefinitionUuid: string; pmsPackageUuid: string }[] }>(service: T) => ({
    ...service,
    hotelsAndPackages: service.hotelsAndPackages.map((entry) => ({ ...entry, pmsPackageUuid: uuidOf.get(entry.pmsPackageUuid) ?? entry.pmsPackageUuid })),
  });
  return {
    packages,
    rateCodes: { created: rateCodes.created.map(mapCode), updated: rateCodes.updated.map(mapCode), deleted: rateCodes.deleted },
    accessControls: { created: access.created.map(mapAccess), updated: access.updated.map(mapAccess), deleted: access.deleted },
  };
}

export function diffBench(sizes: readonly number[] = [10_000, 100_000]): Row[] {
  const rows: Row[] = [];
  for (const size of sizes) {
    // as the worker receives it (postMessage clones it): flat strings, not the ropes that diffInput's
    // template literals make, whose first hash and compare in every Map cost the diff, not the data
    const input = structuredClone(diffInput(size));
    const check = hotelSaveDiff(input);
    const bare = bareDiff(input);
    if (
      check.packages.updatedPackages.length !== bare.packages.updated.length ||
      check.packages.newPackages.length !== bare.packages.created.length ||
      check.rateCodes.deletedRateCodes.length !== bare.rateCodes.deleted.length ||
      check.accessControls.newAccessControl.length !== bare.accessControls.created.length
    ) {
      throw new Error('the bare diff does not agree with hotelSaveDiff');
    }
    const contenders = {
      ours: () => hotelSaveDiff(input),
      bare: () => bareDiff(input),
      worker: () => jobs.diffHotel(input),
    };
    type Name = keyof typeof contenders;
    const names = Object.keys(contenders) as Name[];
    const times: Record<Name, number[]> = { ours: [], bare: [], worker: [] };
    for (let i = 0; i < 3; i += 1) for (const name of names) contenders[name]();
    const runs = size >= 100_000 ? 11 : 31;
    for (let run = 0; run < runs; run += 1) {
      for (let k = 0; k < names.length; k += 1) {
        const name = names[(run + k) % names.length] as Name;
        // each contender starts on a clean heap: the worker job's validation garbage (300,000 objects
        // at 100k per list) would otherwise be collected during whichever diff runs next
        collectNow();
        const start = performance.now();
        contenders[name]();
        times[name].push(performance.now() - start);
      }
    }
    for (const name of names) times[name].sort((a, b) => a - b);
    const median = (name: Name) => percentile(times[name], 50);
    const label = `${size / 1000}k`;
    rows.push(
      {
        benchmark: `diff ${label}/list: hotelSaveDiff`,
        n: runs,
        p50: median('ours'),
        p95: percentile(times.ours, 95),
        figure: `ours/bare ${(median('ours') / median('bare')).toFixed(2)}×`,
        note: `packages, rate codes, access services: ${size} each`,
      },
      { benchmark: `diff ${label}/list: bare Map diff`, n: runs, p50: median('bare'), p95: percentile(times.bare, 95), note: 'same split and mapping, spreads' },
      {
        benchmark: `diff ${label}/list: worker job`,
        n: runs,
        p50: median('worker'),
        p95: percentile(times.worker, 95),
        figure: `job/bare ${(median('worker') / median('bare')).toFixed(2)}×`,
        note: 'jobs.diffHotel: zod validation + diff',
      },
    );
  }
  return rows;
}
