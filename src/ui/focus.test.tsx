import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { focusSoon, standIn } from './focus';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusSoon', () => {
  it('focuses the control drawn again in place of the one that opened a form (the same name), not the page', async () => {
    document.body.innerHTML = '<table><tr><td><button aria-label="Edit Keyboard PMS">Edit</button></td></tr></table>';
    const opener = document.querySelector('button') as HTMLButtonElement;
    // the row is drawn again as new elements while the form is open (its record read back from the gateway)
    document.body.innerHTML = '<table><tr><td><button aria-label="Edit Keyboard PMS">Edit</button></td></tr></table>';
    expect(opener.isConnected).toBe(false);
    focusSoon(opener);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Edit Keyboard PMS'));
  });

  it('leaves focus alone when nothing, or more than one control, stands in its place', async () => {
    document.body.innerHTML = '<button>Edit</button>';
    const opener = document.querySelector('button') as HTMLButtonElement;
    document.body.innerHTML = '<button>Edit</button><button>Edit</button><button aria-label="Remove Opera">Remove</button>';
    expect(standIn(opener)).toBeNull();
    const removed = document.createElement('button');
    removed.setAttribute('aria-label', 'Remove Mock PMS');
    expect(standIn(removed)).toBeNull();
    focusSoon(opener);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(document.body);
  });
});
