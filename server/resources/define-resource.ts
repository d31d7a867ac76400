/**
 * The shared shape of a resource (docs/architecture.md "Resources"): one declaration — a drizzle
 * table, its zod contract, an authorization rule and a path under a parent scope — gives list, get
 * (ETag = version), create with a client uuid, update and delete with If-Match, every mutation
 * through withMutation (Idempotency-Key, one transaction), and their OpenAPI with the error answers.
 * What is particular to a resource (a unique name, a cross-field rule) plugs in as hooks.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Grants } from '../../src/domain/index';
import { apiErrorBodySchema, ERROR_CODES, MADE_AT_HEADER, MADE_OFFLINE_HEADER } from '../../src/domain/index';
import type { Executor, Transaction } from '../db/client';
import { organizations } from '../db/schema';
import { HttpError, notFound, unauthenticated } from '../http-error';
import { withMutation } from '../plugins/idempotency';
import { assertVersion } from '../plugins/if-match';
import { BEARER } from '../plugins/swagger';
import type { Grantee } from '../services/directory';
import { callerGrantee } from '../services/directory';
import { errorResponses, noContent } from '../routes/schemas';
import { recordChange, recordHistory } from '../services/history';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
/** The record's own path parameter, below the collection path. */
export const ID_PARAM = 'id';

/** The columns every resource table has: its identity, its version (If-Match) and when it last changed. */
export type ResourceTable = PgTable & {
  uuid: AnyPgColumn;
  version: AnyPgColumn;
  updatedAt: AnyPgColumn;
  $inferSelect: { uuid: string; version: number };
};
export type RowOf<T extends ResourceTable> = T['$inferSelect'];
type InsertOf<T extends ResourceTable> = T['$inferInsert'];

/**
 * What a resource lives under, e.g. an organization: the path parameter naming it, the table that
 * holds it (an unknown one answers 404) and the words of its refusals.
 */
export interface ParentScope {
  /** the path parameter, e.g. 'org' for '/organization/:org/…' */
  param: string;
  /** OpenAPI description of the parameter */
  description: string;
  table: PgTable;
  /** the parent table's uuid column */
  key: AnyPgColumn;
  /** 404 message when the parent does not exist */
  notFound: string;
  /** 403 message when the caller's rule refuses */
  forbidden: string;
  /**
   * A parent that lives inside another (a hotel of an organization: '/organization/:org/hotel/:hotel/…'):
   * the enclosing parameter and the parent's column that must hold its value; a parent outside it is unknown (404).
   */
  within?: { param: string; description: string; column: AnyPgColumn };
  /** What else the parent row must be (a unit that is a hotel); otherwise it is unknown (404). */
  filter?: SQL;
}

/** Passed to the hooks: the parent the request is about (its stored uuid), the path's parameters (lower case) and the caller's grants. */
export interface ResourceScope {
  parent: string;
  params: Readonly<Record<string, string>>;
  caller: Grants;
}

/** What an authorization rule may use beyond the caller: the path's parameters and the database. */
export interface AuthorizeContext {
  params: Readonly<Record<string, string>>;
  db: Executor;
}

/** A field refusal of a hook, answered 422 `validation` (the outbox returns it to its form). */
export interface FieldError {
  field: string;
  message: string;
}

/** The record a validate hook judges: its uuid, and the stored row before this write (null on a create). */
export interface ValidateTarget<Row> {
  uuid: string;
  before: Row | null;
}

/**
 * What lets a run of an outbox batch's creates and updates of this resource be applied as sets
 * (./batch-set.ts): a few statements for the whole run instead of several per change. Declaring it
 * says that these rules, checked over the run, are the whole of `validate`; a resource with
 * `precheck` or `decorate` cannot declare it. A run the rules cannot vouch for is applied one change
 * at a time, as if each were sent alone.
 */
export interface ResourceBatchRules<TTable extends ResourceTable, TInput> {
  /** A key unique among the parent's records (a name…). */
  uniqueKey?: {
    /** the key an input gives its record, compared as `validate` compares it */
    of(input: TInput): string;
    /** the key a stored row holds */
    stored(row: RowOf<TTable>): string;
    /** a condition on the table that holds for (at least) every row whose key is one of `keys` */
    candidates(keys: readonly string[]): SQL;
    /** rows the rule ignores stay out (a removed package): a condition on the table */
    live?: SQL;
  };
  /** Records of another table an input names, each of which must be live under the same parent (the packages of a rate code). */
  references?: {
    table: ResourceTable;
    parentColumn: AnyPgColumn;
    live?: SQL;
    of(input: TInput): readonly string[];
  };
}

interface RouteDocs {
  summary: string;
  description?: string;
}

export interface ResourceDeclaration<TTable extends ResourceTable, TRecord, TCreate extends { uuid?: string | undefined }, TUpdate> {
  /** collection path under /api with the parent's parameter, e.g. '/organization/:org/pms-connection' */
  path: string;
  /** what the change history calls its records, the app's kind, e.g. 'pms-package' (src/domain) */
  kind: string;
  parent: ParentScope;
  table: TTable;
  /** the table's key of the column holding the parent's uuid, e.g. 'orgUuid' */
  parentKey: keyof InsertOf<TTable> & string;
  /** other columns set from the path on a create, e.g. { orgUuid: 'org' } under a hotel */
  scopeKeys?: Partial<Record<keyof InsertOf<TTable> & string, string>>;
  /**
   * A boolean column that removal sets instead of deleting the row (spec: packages are flagged
   * deleted, so what named them can say so). The list leaves such rows out unless asked with
   * includeDeleted=TRUE; a read still finds one; an update of one answers 404.
   */
  softDeleteKey?: keyof InsertOf<TTable> & string;
  schemas: {
    record: z.ZodType<TRecord>;
    /** POST body: the input plus an optional client uuid */
    create: z.ZodType<TCreate>;
    /** PUT body */
    update: z.ZodType<TUpdate>;
    list: z.ZodType<{ data: TRecord[] }>;
  };
  /** Whether the caller may read and write this resource under `parent` (the path's value, lower case). */
  authorize(caller: Grantee, parent: string, context: AuthorizeContext): boolean | Promise<boolean>;
  toRecord(row: RowOf<TTable>): TRecord;
  /** Completes the records answered (names of what they refer to…), reading through `executor`. */
  decorate?(executor: Executor, records: TRecord[], scope: ResourceScope): Promise<TRecord[]>;
  /** The columns an input writes; default: the input as it is. */
  toValues?(input: Omit<TCreate, 'uuid'> | TUpdate): Partial<InsertOf<TTable>>;
  /** List order; default by uuid. */
  compare?(a: TRecord, b: TRecord): number;
  /**
   * Rules beyond the schema (a unique name in the parent…). Runs inside the mutation's
   * transaction after the write, so it sees the parent's records as they would be and a refusal
   * undoes the write; creates and updates of one parent hold its row lock, so two of them never
   * both pass a check over the parent's records.
   */
  validate?(tx: Transaction, scope: ResourceScope, input: Omit<TCreate, 'uuid'> | TUpdate, target: ValidateTarget<RowOf<TTable>>): Promise<FieldError[]>;
  /**
   * Rules on the input that must hold before the row is written: what a foreign key would refuse
   * with a database error (a 500, and an answer that differs for a record that exists elsewhere).
   * Runs inside the mutation's transaction, under the parent's row lock; `uuid` is the client
   * uuid of a create (null without one).
   */
  precheck?(tx: Transaction, scope: ResourceScope, input: Omit<TCreate, 'uuid'> | TUpdate, target: { uuid: string | null; before: RowOf<TTable> | null }): Promise<FieldError[]>;
  /**
   * Why the record may not be removed now (other records use it), or null. Runs inside the
   * removal's transaction; a reason answers 409 `in_use` with it, and nothing is removed.
   */
  refuseRemoval?(tx: Transaction, row: RowOf<TTable>): Promise<string | null>;
  /** Set application of a batch's runs of this resource (see ResourceBatchRules); none: one change at a time. */
  batch?: ResourceBatchRules<TTable, NoInfer<Omit<TCreate, 'uuid'> | TUpdate>>;
  messages: {
    /** 404 of an unknown record, e.g. 'PMS connection not found' */
    notFound: string;
    /** 409 of a client uuid already in use (anywhere: nothing is told about other parents) */
    uuidTaken: string;
    /** 400 of the nil uuid, when the create schema lets it through */
    nilUuid?: string;
  };
  docs: { tag: string; list: RouteDocs; get: RouteDocs; create: RouteDocs; update: RouteDocs; delete: RouteDocs };
}

export interface Resource<TTable extends ResourceTable, TRecord, TCreate extends { uuid?: string | undefined }, TUpdate>
  extends ResourceDeclaration<TTable, TRecord, TCreate, TUpdate> {
  /** the five routes, to register with the API */
  routes: FastifyPluginAsyncZod;
}

// Loose: Fastify replaces request.headers with the parsed value, so every other header must survive.
export const ifMatchHeaders = z.looseObject({
  'if-match': z.string().max(64).optional().describe('"<version>": answer 412 with `current` when the record changed meanwhile'),
  'idempotency-key': z.string().max(255).optional().describe('Applies the mutation once; a replay answers the stored response'),
  [MADE_AT_HEADER]: z.string().optional().describe('When the operator made the change (ISO 8601; the outbox entry\'s time): its history entry\'s madeAt, never after now. Default: now'),
  [MADE_OFFLINE_HEADER]: z.string().optional().describe('1: the change was made while the app was offline and is replayed (marked in its history entry)'),
});
export const idempotencyHeaders = ifMatchHeaders.pick({ 'idempotency-key': true, [MADE_AT_HEADER]: true, [MADE_OFFLINE_HEADER]: true });

export const etag = (version: number) => `"${version}"`;

/** The 422 of a hook's field errors, or null when there are none. */
export function fieldRefusal(errors: readonly FieldError[]): HttpError | null {
  if (errors.length === 0) return null;
  return new HttpError(
    422,
    errors.map(({ field, message }) => ({ code: ERROR_CODES.validation, message, field })),
  );
}

/** The path parameters of a route path, in order ('/organization/:org/x/:id' → ['org', 'id']). */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1] as string);
}

/** Checks a declaration's path against its parent before any route exists (a typo fails at start, not per request). */
export function assertResourcePath(path: string, parent: Pick<ParentScope, 'param' | 'within'>): void {
  const params = pathParams(path);
  const expected = parent.within ? [parent.within.param, parent.param] : [parent.param];
  if (params.length !== expected.length || params.some((param, index) => param !== expected[index])) {
    throw new Error(`Resource path ${path} must name exactly its parent parameter${expected.length > 1 ? 's' : ''} ${expected.map((param) => `:${param}`).join(', ')}`);
  }
  if (!path.startsWith('/') || path.endsWith('/')) throw new Error(`Resource path ${path} must start with / and not end with one`);
}

/** What ./batch-set.ts needs of a resource that declared `batch`, its types erased. */
export interface SetPlanner {
  declaration: ResourceDeclaration<ResourceTable, unknown, { uuid?: string | undefined }, unknown>;
  rules: ResourceBatchRules<ResourceTable, unknown>;
  /** the collection path as a pattern over a change's path: the parameters' values in order */
  collection: RegExp;
  item: RegExp;
  params: readonly string[];
  parentColumn: AnyPgColumn;
  softDeleteKey: string | null;
  toValues(input: unknown): Record<string, unknown>;
}

const setPlanners: SetPlanner[] = [];
/** Every resource that declared `batch`. */
export const batchSetPlanners = (): readonly SetPlanner[] => setPlanners;

export function defineResource<TTable extends ResourceTable, TRecord, TCreate extends { uuid?: string | undefined }, TUpdate>(
  declaration: ResourceDeclaration<TTable, TRecord, TCreate, TUpdate>,
): Resource<TTable, TRecord, TCreate, TUpdate> {
  const { path, parent, table, schemas, messages, docs } = declaration;
  assertResourcePath(path, parent);
  const itemPath = `${path}/:${ID_PARAM}`;
  const toValues = declaration.toValues ?? ((input) => input as Partial<InsertOf<TTable>>);
  const softDeleteColumn = declaration.softDeleteKey ? (table[declaration.softDeleteKey as keyof TTable] as AnyPgColumn) : null;
  const compare = declaration.compare ?? ((a: TRecord, b: TRecord) => String((a as { uuid: string }).uuid).localeCompare(String((b as { uuid: string }).uuid)));
  const parentColumn = table[declaration.parentKey as keyof TTable] as AnyPgColumn;
  /** rules that judge a write among the parent's records: its writes hold the parent's row lock */
  const hasRules = declaration.validate !== undefined || declaration.precheck !== undefined;
  if (declaration.batch) {
    if (declaration.precheck || declaration.decorate) throw new Error(`Resource ${path}: a resource with precheck or decorate cannot declare batch rules`);
    const segment = '([^/?#%]{1,64})';
    const pattern = path.replace(/:[A-Za-z_]\w*/g, segment).replace(/[.]/g, '\\.');
    setPlanners.push({
      declaration: declaration as unknown as SetPlanner['declaration'],
      rules: declaration.batch as unknown as SetPlanner['rules'],
      collection: new RegExp(`^${pattern}$`),
      item: new RegExp(`^${pattern}/${segment}$`),
      params: pathParams(path),
      parentColumn,
      softDeleteKey: declaration.softDeleteKey ?? null,
      toValues: toValues as SetPlanner['toValues'],
    });
  }

  const collectionParams = z.object({
    ...(parent.within ? { [parent.within.param]: z.string().max(64).describe(parent.within.description) } : {}),
    [parent.param]: z.string().max(64).describe(parent.description),
  });
  const listQuery = softDeleteColumn ? z.object({ includeDeleted: z.enum(['TRUE', 'FALSE', 'true', 'false']).optional().describe('TRUE: removed records too (flagged)') }) : undefined;
  const itemParams = collectionParams.extend({ [ID_PARAM]: z.string().max(64).describe('Record uuid') });
  /** 412 answers the current record beside the errors, so the app can show both sides. */
  const versionMismatchSchema = z.object({ ...apiErrorBodySchema.shape, current: schemas.record.optional() });
  const mutationErrors = { ...errorResponses(400, 401, 403, 404, 409, 422), 412: versionMismatchSchema };
  const common = { tags: [docs.tag], security: BEARER };

  /**
   * A client uuid that is taken answers this, whether the record holding it is under this parent
   * or another one: nothing (not even its kind) is learnt about another parent, and no `current`.
   */
  const uuidTaken = () => new HttpError(409, [{ code: ERROR_CODES.conflict, message: messages.uuidTaken, field: 'uuid' }]);

  const paramOf = (request: FastifyRequest, name: string): string => (request.params as Record<string, string>)[name] ?? '';

  return {
    ...declaration,
    routes: async (app) => {
      const { db } = app.lobby;

      const paramsOf = (request: FastifyRequest): Record<string, string> =>
        Object.fromEntries(Object.entries(request.params as Record<string, string>).map(([key, value]) => [key, value.toLowerCase()]));

      /** 403 unless the caller's rule allows the parent, then 404 for a parent that cannot exist: the parent's uuid as stored (lower case), and the caller. */
      async function allowed(request: FastifyRequest): Promise<{ parentUuid: string; me: Grantee }> {
        const raw = paramOf(request, parent.param);
        const params = paramsOf(request);
        const me = await callerGrantee(request);
        if (!me) throw unauthenticated();
        const outer = parent.within ? paramOf(request, parent.within.param) : null;
        if (outer !== null && !UUID.test(outer)) throw HttpError.of(403, ERROR_CODES.forbidden, parent.forbidden);
        if (!(await declaration.authorize(me, raw.toLowerCase(), { params, db }))) throw HttpError.of(403, ERROR_CODES.forbidden, parent.forbidden);
        if (!UUID.test(raw)) throw notFound(parent.notFound);
        return { parentUuid: raw.toLowerCase(), me };
      }

      /**
       * 404 unless the parent exists (under the enclosing one, and is what the scope's filter wants).
       * `lock`: held until the transaction ends, so the creates and updates under one parent are
       * serialized (see validate); one statement either way.
       */
      async function findParent(executor: Executor, request: FastifyRequest, parentUuid: string, lock = false): Promise<void> {
        const outer = parent.within ? paramOf(request, parent.within.param) : null;
        const conditions = [eq(parent.key, parentUuid), ...(parent.within && outer !== null ? [eq(parent.within.column, outer)] : []), ...(parent.filter ? [parent.filter] : [])];
        const query = executor
          .select({ uuid: parent.key })
          .from(parent.table)
          .where(and(...conditions));
        const [found] = lock ? await query.for('no key update') : await query;
        if (!found) throw notFound(parent.notFound);
      }

      /** For a read: allowed, and the parent exists. */
      async function authorize(request: FastifyRequest): Promise<{ parentUuid: string; me: Grantee }> {
        const granted = await allowed(request);
        await findParent(db, request, granted.parentUuid);
        return granted;
      }

      const scopeOf = (request: FastifyRequest, parentUuid: string, me: Grantee): ResourceScope => ({ parent: parentUuid, params: paramsOf(request), caller: me });
      /** The records answered, completed by the declaration's decorate hook. */
      async function present(executor: Executor, rows: readonly RowOf<TTable>[], scope: ResourceScope): Promise<TRecord[]> {
        const records = rows.map(declaration.toRecord);
        return declaration.decorate ? declaration.decorate(executor, records, scope) : records;
      }
      const presentOne = async (executor: Executor, row: RowOf<TTable>, scope: ResourceScope): Promise<TRecord> => (await present(executor, [row], scope))[0] as TRecord;
      /** Columns a create takes from the path (the organization of a hotel's record…). */
      const scopeValues = (request: FastifyRequest): Record<string, string> =>
        Object.fromEntries(Object.entries(declaration.scopeKeys ?? {}).map(([key, param]) => [key, paramOf(request, param as string).toLowerCase()]));

      async function findRow(executor: Executor, parentUuid: string, id: string, forUpdate = false): Promise<RowOf<TTable>> {
        if (!UUID.test(id)) throw notFound(messages.notFound);
        const query = executor
          .select()
          .from(table as PgTable)
          .where(and(eq(table.uuid, id), eq(parentColumn, parentUuid)));
        const [row] = forUpdate ? await query.for('update') : await query;
        if (!row) throw notFound(messages.notFound);
        return row as RowOf<TTable>;
      }

      async function precheck(tx: Transaction, scope: ResourceScope, input: Omit<TCreate, 'uuid'> | TUpdate, target: { uuid: string | null; before: RowOf<TTable> | null }) {
        if (!declaration.precheck) return;
        const refusal = fieldRefusal(await declaration.precheck(tx, scope, input, target));
        if (refusal) throw refusal;
      }

      async function check(tx: Transaction, scope: ResourceScope, input: Omit<TCreate, 'uuid'> | TUpdate, target: ValidateTarget<RowOf<TTable>>) {
        if (!declaration.validate) return;
        const refusal = fieldRefusal(await declaration.validate(tx, scope, input, target));
        if (refusal) throw refusal;
      }

      const current = (row: RowOf<TTable>) => ({ currentBody: declaration.toRecord(row) });

      /**
       * The history entry of a write, in its transaction: the organization is the path's, the unit
       * the parent when it is one (a hotel's or a unit's records), the fields those of the records answered.
       */
      async function recordWrite(tx: Transaction, request: FastifyRequest, parentUuid: string, recordUuid: string, before: RowOf<TTable> | null, after: RowOf<TTable> | null) {
        const asFields = (row: RowOf<TTable> | null) => (row === null ? null : (declaration.toRecord(row) as Record<string, unknown>));
        const where = { kind: declaration.kind, recordUuid, orgUuid: paramOf(request, 'org').toLowerCase() || parentUuid, unitUuid: parent.table === organizations ? null : parentUuid };
        await recordHistory(tx, request, recordChange(where, asFields(before), asFields(after)));
      }

      app.get(
        path,
        {
          onRequest: app.authenticate,
          schema: { ...common, ...docs.list, params: collectionParams, ...(listQuery ? { querystring: listQuery } : {}), response: { 200: schemas.list, ...errorResponses(401, 403, 404) } },
        },
        async (request) => {
          const { parentUuid, me } = await authorize(request);
          const withDeleted = String((request.query as { includeDeleted?: string } | undefined)?.includeDeleted ?? '').toUpperCase() === 'TRUE';
          const rows = (await db
            .select()
            .from(table as PgTable)
            .where(and(eq(parentColumn, parentUuid), ...(softDeleteColumn && !withDeleted ? [eq(softDeleteColumn, false)] : [])))) as RowOf<TTable>[];
          return { data: (await present(db, rows, scopeOf(request, parentUuid, me))).sort(compare) };
        },
      );

      app.get(
        itemPath,
        {
          onRequest: app.authenticate,
          schema: {
            ...common,
            summary: docs.get.summary,
            description: [docs.get.description, 'Answers an ETag "<version>" to send back as If-Match.'].filter(Boolean).join(' '),
            params: itemParams,
            response: { 200: schemas.record, ...errorResponses(401, 403, 404) },
          },
        },
        async (request, reply: FastifyReply) => {
          const { parentUuid, me } = await authorize(request);
          const row = await findRow(db, parentUuid, paramOf(request, ID_PARAM));
          return reply.header('etag', etag(row.version)).send(await presentOne(db, row, scopeOf(request, parentUuid, me)));
        },
      );

      app.post(
        path,
        {
          onRequest: app.authenticate,
          schema: {
            ...common,
            summary: docs.create.summary,
            description: [
              'A client-generated uuid is kept (offline create chains); the nil uuid answers 400. A uuid already in use, under this parent or any other, answers the same 409 `conflict`.',
              docs.create.description,
            ]
              .filter(Boolean)
              .join(' '),
            params: collectionParams,
            headers: idempotencyHeaders,
            body: schemas.create,
            response: { 201: schemas.record, ...mutationErrors },
          },
        },
        async (request, reply: FastifyReply) => {
          const { parentUuid, me } = await allowed(request);
          const { uuid, ...input } = request.body as TCreate;
          // the nil uuid is what a missing id defaults to in many clients: never an identity
          if (uuid === NIL_UUID) throw HttpError.of(400, ERROR_CODES.validation, messages.nilUuid ?? 'The nil uuid cannot identify a record: send another uuid, or none', 'uuid');
          return withMutation(request, reply, async (tx) => {
            await findParent(tx, request, parentUuid, hasRules);
            const scope = scopeOf(request, parentUuid, me);
            await precheck(tx, scope, input, { uuid: uuid ?? null, before: null });
            const now = request.server.lobby.now();
            const values = { ...(uuid === undefined ? {} : { uuid }), ...scopeValues(request), [declaration.parentKey]: parentUuid, ...toValues(input), createdAt: now, updatedAt: now };
            const [row] = (await tx
              .insert(table as PgTable)
              .values(values as never)
              .onConflictDoNothing({ target: table.uuid })
              .returning()) as RowOf<TTable>[];
            if (!row) throw uuidTaken();
            await check(tx, scope, input, { uuid: row.uuid, before: null });
            await recordWrite(tx, request, parentUuid, row.uuid, null, row);
            return { statusCode: 201, body: await presentOne(tx, row, scope) };
          });
        },
      );

      app.put(
        itemPath,
        {
          onRequest: app.authenticate,
          schema: {
            ...common,
            summary: docs.update.summary,
            description: ['Answers the record with its version increased. With If-Match, a stale version answers 412 with `current`.', docs.update.description]
              .filter(Boolean)
              .join(' '),
            params: itemParams,
            headers: ifMatchHeaders,
            body: schemas.update,
            response: { 200: schemas.record, ...mutationErrors },
          },
        },
        async (request, reply: FastifyReply) => {
          const { parentUuid, me } = await allowed(request);
          const input = request.body as TUpdate;
          return withMutation(request, reply, async (tx) => {
            await findParent(tx, request, parentUuid, hasRules);
            const before = await findRow(tx, parentUuid, paramOf(request, ID_PARAM), true);
            if (declaration.softDeleteKey && (before as Record<string, unknown>)[declaration.softDeleteKey] === true) throw notFound(messages.notFound);
            assertVersion(request, before, current(before));
            const scope = scopeOf(request, parentUuid, me);
            await precheck(tx, scope, input, { uuid: before.uuid, before });
            const [row] = (await tx
              .update(table as PgTable)
              .set({ ...toValues(input), version: before.version + 1, updatedAt: request.server.lobby.now() } as never)
              .where(eq(table.uuid, before.uuid))
              .returning()) as RowOf<TTable>[];
            if (!row) throw notFound(messages.notFound);
            await check(tx, scope, input, { uuid: row.uuid, before });
            await recordWrite(tx, request, parentUuid, row.uuid, before, row);
            return { statusCode: 200, body: await presentOne(tx, row, scope) };
          });
        },
      );

      app.delete(
        itemPath,
        {
          onRequest: app.authenticate,
          schema: {
            ...common,
            summary: docs.delete.summary,
            description: ['With If-Match, a stale version answers 412 with `current`.', declaration.refuseRemoval ? 'A record other records still use answers 409 `in_use` naming them.' : undefined, docs.delete.description].filter(Boolean).join(' '),
            params: itemParams,
            headers: ifMatchHeaders,
            response: { 204: noContent, ...mutationErrors },
          },
        },
        async (request, reply: FastifyReply) => {
          const { parentUuid } = await allowed(request);
          return withMutation(request, reply, async (tx) => {
            await findParent(tx, request, parentUuid);
            const before = await findRow(tx, parentUuid, paramOf(request, ID_PARAM), true);
            assertVersion(request, before, current(before));
            const refused = declaration.refuseRemoval ? await declaration.refuseRemoval(tx, before) : null;
            if (refused !== null) throw HttpError.of(409, ERROR_CODES.inUse, refused);
            if (declaration.softDeleteKey) {
              // flagged, not deleted: a second removal of a flagged record changes nothing
              if ((before as Record<string, unknown>)[declaration.softDeleteKey] !== true) {
                await tx
                  .update(table as PgTable)
                  .set({ [declaration.softDeleteKey]: true, version: before.version + 1, updatedAt: request.server.lobby.now() } as never)
                  .where(eq(table.uuid, before.uuid));
                await recordWrite(tx, request, parentUuid, before.uuid, before, null);
              }
            } else {
              await tx.delete(table as PgTable).where(eq(table.uuid, before.uuid));
              await recordWrite(tx, request, parentUuid, before.uuid, before, null);
            }
            return { statusCode: 204 };
          });
        },
      );
    },
  };
}
