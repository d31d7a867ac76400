import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, UNIT_MESSAGES } from '../../src/domain/index';
import { images, organizationalUnits, organizations } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { Part, TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login, MANAGER_EMAIL, MANAGER_PASSWORD, multipart, PNG } from '../test-helpers';
import { missingImageKeys } from '../services/images';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from './images';

let t: TestApp;
let admin = '';
let manager = '';
let demoOrg = '';
let otherOrg = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  manager = (await login(t.app, MANAGER_EMAIL, MANAGER_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  if (!demo) throw new Error('no demo organization');
  demoOrg = demo.uuid;
  const [other] = await t.db.insert(organizations).values({ name: 'Alpine Lodges', legalCompanyName: 'Alpine Lodges AG' }).returning();
  if (!other) throw new Error('no org');
  otherOrg = other.uuid;
});
afterAll(async () => {
  await t.close();
});

/** A valid 1x1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
/** JPEG and WebP signatures with some bytes after them (the content check reads the signature only). */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), randomBytes(64)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(40)]);

const uploadPath = (org: string) => `/api/organization/${org}/images/tmp/upload`;

function upload(parts: Part[], { org = demoOrg, token = admin as string | null } = {}) {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method: 'POST', url: uploadPath(org), headers: { ...headers, ...(token === null ? {} : bearer(token)) }, payload });
}
/** A part in the field `file`; null leaves the file name (or the type) out. */
const file = (data: Buffer | string, filename: string | null = 'logo.png', contentType: string | null = 'image/png'): Part => ({
  name: 'file',
  data,
  ...(filename === null ? {} : { filename }),
  ...(contentType === null ? {} : { contentType }),
});

async function imageCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(images);
  return row?.n ?? 0;
}
async function stored(key: string) {
  const [row] = await t.db.select().from(images).where(eq(images.key, key));
  return row;
}
async function uploaded(parts: Part[], options: { org?: string; token?: string } = {}): Promise<{ url: string; key: string }> {
  const response = await upload(parts, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ url: string; key: string }>();
}
function expectError(response: { statusCode: number; json: <T>() => T }, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json<{ errors: { code: string; message: string }[] }>();
  expect(body.errors.map((e) => e.message)).toEqual([message]);
}

describe('POST /organization/{uuid}/images/tmp/upload', () => {
  it('stores a PNG and answers its URL and an unguessable key; the URL serves the same bytes', async () => {
    const { url, key } = await uploaded([file(PNG)]);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`http://lobby.test/api/images/${key}`);
    const row = await stored(key);
    expect(row).toMatchObject({ orgUuid: demoOrg, contentType: 'image/png', fileName: 'logo.png', size: PNG.length });

    const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(PNG.length));
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers.etag).toBe(`"${key}"`);

    const again = await t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { 'if-none-match': `"${key}"` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('accepts JPEG, GIF and WebP, typed by their content', async () => {
    for (const [data, name, type] of [
      [JPEG, 'photo.jpg', 'image/jpeg'],
      [GIF, 'pixel.gif', 'image/gif'],
      [WEBP, 'background.webp', 'image/webp'],
    ] as const) {
      const { key } = await uploaded([file(data, name, type)]);
      expect(await stored(key), name).toMatchObject({ contentType: type, fileName: name, size: data.length });
      const served = await t.app.inject({ method: 'GET', url: `/api/images/${key}` });
      expect(served.headers['content-type']).toBe(type);
      expect(served.rawPayload.equals(data)).toBe(true);
    }
  });

  it('judges by content when the name and type say nothing, and names a file sent without a name jpg', async () => {
    const { key } = await uploaded([file(PNG, 'logo', 'application/octet-stream')]);
    expect(await stored(key)).toMatchObject({ contentType: 'image/png', fileName: 'logo' });
    const unnamed = await uploaded([file(GIF, null, 'image/gif')]);
    expect(await stored(unnamed.key)).toMatchObject({ contentType: 'image/gif', fileName: 'jpg' });
  });

  it('refuses anything that is not a PNG, JPEG, GIF or WebP, whatever its name, and stores nothing', async () => {
    const before = await imageCount();
    for (const part of [file('just some text', 'x.png', 'image/png'), file('<svg xmlns="http://www.w3.org/2000/svg"/>', 'x.svg', 'image/svg+xml'), file(Buffer.alloc(0))]) {
      const response = await upload([part]);
      expectError(response, 415, IMAGE_MESSAGES.unsupported);
    }
    expect(await imageCount()).toBe(before);
  });

  it('refuses a file that lies about its type', async () => {
    const before = await imageCount();
    expectError(await upload([file(PNG, 'logo.png', 'image/jpeg')]), 400, IMAGE_MESSAGES.mismatch);
    expectError(await upload([file(PNG, 'x.gif', 'application/octet-stream')]), 400, IMAGE_MESSAGES.mismatch);
    expectError(await upload([file(JPEG, 'photo.jpg', 'image/webp')]), 400, IMAGE_MESSAGES.mismatch);
    expect(await imageCount()).toBe(before);
  });

  it('accepts 5 MB and refuses 5 MB + 1 byte with 413, storing nothing', async () => {
    const exact = Buffer.alloc(MAX_IMAGE_BYTES);
    PNG.copy(exact);
    const { key } = await uploaded([file(exact)]);
    expect((await stored(key))?.size).toBe(MAX_IMAGE_BYTES);

    const before = await imageCount();
    const over = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    PNG.copy(over);
    const response = await upload([file(over)]);
    expectError(response, 413, IMAGE_MESSAGES.tooLarge);
    expect(await imageCount()).toBe(before);
  });

  it('answers 400 without a file in the field file', async () => {
    const before = await imageCount();
    expectError(await upload([]), 400, IMAGE_MESSAGES.noFile);
    expectError(await upload([{ name: 'note', data: 'hello' }]), 400, IMAGE_MESSAGES.noFile);
    expectError(await upload([{ name: 'image', filename: 'logo.png', contentType: 'image/png', data: PNG }]), 400, IMAGE_MESSAGES.noFile);
    const json = await t.app.inject({ method: 'POST', url: uploadPath(demoOrg), headers: bearer(admin), payload: { file: 'x' } });
    expectError(json, 400, IMAGE_MESSAGES.noFile);
    expect(await imageCount()).toBe(before);
  });

  it('refuses a request with a second file (in the same field or another) with 400, storing neither', async () => {
    const before = await imageCount();
    expectError(await upload([file(PNG), file(GIF, 'second.gif', 'image/gif')]), 400, IMAGE_MESSAGES.oneFile);
    expectError(await upload([file(PNG), { name: 'extra', filename: 'extra.png', contentType: 'image/png', data: PNG }]), 400, IMAGE_MESSAGES.oneFile);
    expect(await imageCount()).toBe(before);
    // a plain field beside the one file is no second file
    expect((await upload([file(PNG), { name: 'note', data: 'hello' }])).statusCode).toBe(201);
  });

  it('lets the demo manager (unit setup) upload to the demo organization only', async () => {
    const { key } = await uploaded([file(PNG)], { token: manager });
    expect((await stored(key))?.orgUuid).toBe(demoOrg);

    const before = await imageCount();
    expectError(await upload([file(PNG)], { org: otherOrg, token: manager }), 403, IMAGE_MESSAGES.forbidden);
    // nothing is learnt about organizations the caller may not set up
    expectError(await upload([file(PNG)], { org: randomUUID(), token: manager }), 403, IMAGE_MESSAGES.forbidden);
    expect(await imageCount()).toBe(before);
  });

  it('refuses a member without setup permissions', async () => {
    await createUser(t.db, {
      email: 'viewer@lobby.local',
      password: 'Viewer-Password-1',
      permissions: ['VIEW_TRANSACTIONS'],
      memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [demoOrg], ous: [] }],
    });
    const viewer = (await login(t.app, 'viewer@lobby.local', 'Viewer-Password-1')).token;
    expectError(await upload([file(PNG)], { token: viewer }), 403, IMAGE_MESSAGES.forbidden);
  });

  it('answers 404 for an unknown or malformed organization', async () => {
    expectError(await upload([file(PNG)], { org: randomUUID() }), 404, IMAGE_MESSAGES.organizationNotFound);
    expectError(await upload([file(PNG)], { org: 'not-a-uuid' }), 404, IMAGE_MESSAGES.organizationNotFound);
  });

  it('answers 401 without a token, with no-store', async () => {
    const before = await imageCount();
    const response = await upload([file(PNG)], { token: null });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe(ERROR_CODES.unauthenticated);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await imageCount()).toBe(before);
  });

  it('keeps multipart to this route: other routes still refuse a multipart body', async () => {
    const { payload, headers } = multipart([file(PNG)]);
    const response = await t.app.inject({ method: 'POST', url: `/api/organization/${demoOrg}/pms-connection`, headers: { ...headers, ...bearer(admin) }, payload });
    expect(response.statusCode).toBe(415);
  });
});

describe('GET /images/{key}', () => {
  it('answers 404 for an unknown or malformed key', async () => {
    expectError(await t.app.inject({ method: 'GET', url: `/api/images/${randomBytes(32).toString('base64url')}` }), 404, IMAGE_MESSAGES.imageNotFound);
    expectError(await t.app.inject({ method: 'GET', url: '/api/images/nope' }), 404, IMAGE_MESSAGES.imageNotFound);
  });
});

describe('OpenAPI', () => {
  it('documents both routes under the images tag, the upload as multipart', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    type Operation = { tags?: string[]; summary?: string; requestBody?: { content?: Record<string, unknown> }; responses?: Record<string, unknown> };
    const doc = response.json<{ paths: Record<string, Record<string, Operation>> }>();
    const post = doc.paths['/api/organization/{org}/images/tmp/upload']?.post;
    expect(post?.tags).toEqual(['images']);
    expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '413', '415']));
    expect(doc.paths['/api/images/{key}']?.get?.tags).toEqual(['images']);
  });
});

describe('missingImageKeys', () => {
  it("names the keys that are not the organization's images", async () => {
    const mine = await uploaded([file(PNG)]);
    const theirs = await uploaded([file(PNG)], { org: otherOrg });
    const unknown = randomBytes(32).toString('base64url');
    expect(await missingImageKeys(t.db, demoOrg, [mine.key, theirs.key, unknown, 'not a key', mine.key])).toEqual([theirs.key, unknown, 'not a key']);
    expect(await missingImageKeys(t.db, otherOrg, [theirs.key])).toEqual([]);
    expect(await missingImageKeys(t.db, demoOrg, [])).toEqual([]);
  });
});

describe("image attributes name the organization's own images only", () => {
  const hotels = `/api/organization/${'{org}'}/hotels`;
  const createHotel = (attributes: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: hotels.replace('{org}', demoOrg), headers: bearer(admin), payload: { parentUuid: null, attributes: { NAME: 'Logo Hotel', ...attributes } } });
  const refusal = (key: string, image: string) => ({ field: `attributes.${key}`, message: UNIT_MESSAGES.imageUrlNotOwn.replace('{key}', key).replace('{image}', image) });

  it("takes an image's _URL only as the address its upload answered, beside that image's key", async () => {
    const logo = await uploaded([file(PNG)]);
    const other = await uploaded([file(GIF, 'other.gif', 'image/gif')]);
    expect(logo.url).toBe(`http://lobby.test/api/images/${logo.key}`);
    expect((await createHotel({ LOGO: logo.key, LOGO_URL: logo.url })).statusCode).toBe(201);

    for (const [attributes, key, image] of [
      [{ LOGO: logo.key, LOGO_URL: 'https://tracker.example/pixel.png' }, 'LOGO_URL', 'LOGO'],
      [{ LOGO_URL: logo.url }, 'LOGO_URL', 'LOGO'],
      [{ LOGO: logo.key, LOGO_URL: other.url }, 'LOGO_URL', 'LOGO'],
      [{ RECEIPT_BOTTOM_IMAGE: logo.key, RECEIPT_BOTTOM_IMAGE_URL: `https://evil.example/api/images/${logo.key}` }, 'RECEIPT_BOTTOM_IMAGE_URL', 'RECEIPT_BOTTOM_IMAGE'],
    ] as const) {
      const response = await createHotel(attributes);
      expect(response.statusCode, JSON.stringify(attributes)).toBe(422);
      expect(response.json<{ errors: object[] }>().errors).toEqual([expect.objectContaining(refusal(key, image))]);
    }
    const organization = await t.app.inject({
      method: 'PUT',
      url: `/api/organization/${demoOrg}`,
      headers: bearer(admin),
      payload: { legalCompanyName: DEMO_ORGANIZATION_NAME, status: 'ACTIVE', attributes: { POI_IDLE_IMAGE: logo.key, POI_IDLE_IMAGE_URL: 'http://elsewhere.example/idle.png' } },
    });
    expect(organization.statusCode).toBe(422);
    expect(organization.json<{ errors: object[] }>().errors).toEqual([expect.objectContaining(refusal('POI_IDLE_IMAGE_URL', 'POI_IDLE_IMAGE'))]);
  });

  it('keeps a pair stored before, sent back unchanged (written under another PUBLIC_URL)', async () => {
    const logo = await uploaded([file(PNG)]);
    const oldUrl = `http://localhost:8080/api/images/${logo.key}`;
    const [unit] = await t.db
      .insert(organizationalUnits)
      .values({ orgUuid: demoOrg, type: 'HOTEL', name: 'Moved Hotel', attributes: { NAME: 'Moved Hotel', TYPE: 'HOTEL', LOGO: logo.key, LOGO_URL: oldUrl } })
      .returning();
    const put = (attributes: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: `/api/organization/${demoOrg}/hotels/${unit?.uuid}`, headers: bearer(admin), payload: { parentUuid: null, attributes } });
    expect((await put({ NAME: 'Moved Hotel', LOGO: logo.key, LOGO_URL: oldUrl, DESCRIPTION: 'renamed' })).statusCode).toBe(200);
    expect((await put({ NAME: 'Moved Hotel', LOGO: logo.key, LOGO_URL: 'https://tracker.example/pixel.png' })).statusCode).toBe(422);
  });
});
