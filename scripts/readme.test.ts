import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The README's opening says what Lobby does today: it names an area of the product as done only
 * when the app has a screen for it, and the areas it lists as not built yet must still be missing
 * (so the sentence is moved when an area lands). Once every area is built, the opening says so
 * instead of listing none.
 */
const readme = readFileSync('README.md', 'utf8');
const router = readFileSync('src/app/router.tsx', 'utf8');
const opening = readme.slice(0, readme.indexOf('\n## '));
const ALL_BUILT = 'Every area of the specification has its screen.';
const [doneText = '', ...rest] = opening.split(/specified but not built\s+yet/);
const allBuilt = rest.length === 0 && opening.includes(ALL_BUILT);
const pendingSentence = allBuilt ? '' : doneText.slice(doneText.lastIndexOf('\n\n'));
const doneOnly = allBuilt ? opening : doneText.slice(0, doneText.lastIndexOf('\n\n'));

/** An area, the words the README uses for it, and the route segment its screen has in the router. */
const areas: { area: string; words: RegExp; route: RegExp }[] = [
  { area: 'devices', words: /\bdevices?\b/i, route: /path: '[^']*devices?\b/ },
  { area: 'POS installations', words: /\bPOS\b/, route: /path: '[^']*\bpos\b/i },
  { area: 'order items', words: /\border items?\b/i, route: /path: '[^']*(order-items|items)\b/ },
  { area: 'discounts', words: /\bdiscounts?\b/i, route: /path: '[^']*discounts?\b/ },
  { area: 'transactions', words: /\btransactions?\b/i, route: /path: '[^']*transactions\b/ },
  { area: 'access log', words: /\baccess log\b/i, route: /path: '[^']*access-log\b/ },
  { area: 'PMS connections', words: /\bPMS connections\b/, route: /path: '[^']*\/pms'/ },
  { area: 'users', words: /\bmanage users\b/, route: /path: 'user-management'/ },
  { area: 'contracts', words: /\bcontracts\b/, route: /path: '[^']*\/contract'/ },
];

describe('the README says what Lobby does today', () => {
  it('has an opening with what is built and a sentence with what is not, or that all is built', () => {
    expect(allBuilt || rest.length === 1, `one sentence of what is "specified but not built yet", or "${ALL_BUILT}"`).toBe(true);
    expect(doneOnly).toContain('What an operator can do with it today');
  });

  it('says all is built only when every area it names has its screen', () => {
    if (allBuilt) for (const { area, route } of areas) expect(route.test(router), `${area} has no screen`).toBe(true);
  });

  it.each(areas)('names $area as built only when the app has its screen', ({ words, route }) => {
    const built = route.test(router);
    if (words.test(doneOnly)) expect(built, 'named as built but the router has no screen for it').toBe(true);
    if (words.test(pendingSentence)) expect(built, 'named as not built but the router has its screen: move it to what is built').toBe(false);
    expect(words.test(doneOnly) || words.test(pendingSentence), 'the opening names it, as built or not').toBe(true);
  });
});
