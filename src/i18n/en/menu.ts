/**
 * Words of a unit's menu and discounts screens (issue 17): category groups, categories, tags, SLU,
 * items, favorites, discounts and the discount selector. The four record lists share the usual
 * keys of src/ui/records (sectionWords), written once by `recordWords`.
 */

type RecordKey =
  | 'add'
  | 'empty'
  | 'loading'
  | 'edit'
  | 'remove'
  | 'undoRemoveLabel'
  | 'column.edit'
  | 'column.remove'
  | 'form.editTitle'
  | 'form.createTitle'
  | 'form.cancel'
  | 'form.save'
  | 'removeTitle'
  | 'removeText'
  | 'removeConfirm'
  | 'removed'
  | 'removeQueued'
  | 'removeWaiting'
  | 'removeRefused'
  | 'removeConflict'
  | 'removeUndone';

/** The usual words of a record list and its form, for a thing ('category') and its plural. */
function recordWords<P extends string>(prefix: P, thing: string, things: string): Record<`${P}.${RecordKey}`, string> {
  const Thing = thing.charAt(0).toUpperCase() + thing.slice(1);
  const words: Record<RecordKey, string> = {
    add: `Add ${thing}`,
    empty: `There are no ${things} yet`,
    loading: `Loading ${things}…`,
    edit: 'Edit {name}',
    remove: 'Remove {name}',
    undoRemoveLabel: 'Undo removal of {name}',
    'column.edit': 'Edit',
    'column.remove': 'Remove',
    'form.editTitle': `Edit ${thing}`,
    'form.createTitle': `Add ${thing}`,
    'form.cancel': 'Cancel',
    'form.save': 'Save',
    removeTitle: `Remove ${thing}`,
    removeText: `Are you sure you want to remove ${thing} {name}? Once the gateway has removed it, this cannot be undone.`,
    removeConfirm: 'Remove',
    removed: `${Thing} "{name}" removed`,
    removeQueued: `${Thing} "{name}" will be removed when the gateway is reachable`,
    removeWaiting: `Removal of ${thing} "{name}" sent: the gateway has not confirmed it yet. The Sync page shows when it is applied.`,
    removeRefused: `Not removed: the gateway refused to remove ${thing} "{name}": {message}`,
    removeConflict: `Not removed yet: someone else changed ${thing} "{name}" meanwhile. Choose what to keep on the Sync page.`,
    removeUndone: `Removal of ${thing} "{name}" undone`,
  };
  return Object.fromEntries(Object.entries(words).map(([key, text]) => [`${prefix}.${key}`, text])) as Record<`${P}.${RecordKey}`, string>;
}

export const menu = {
  ...recordWords('category', 'category', 'categories'),
  ...recordWords('tag', 'tag', 'tags'),
  ...recordWords('item', 'item', 'items'),
  ...recordWords('discount', 'discount', 'discounts'),
  'menu.title': 'Menu',
  'menu.pageTitle': 'Menu of {unit}',
  'menu.heading': 'Menu of {unit}',
  'menu.intro': 'The categories, tags, items and favorites this unit sells. Prices are in {currency}.',
  'menu.backToUnit': 'Back to the unit',
  'menu.sections': 'Menu sections',
  'menu.errorMessage': 'Error Message',
  'menu.failedFallback': 'An error occurred',
  'menu.forbidden': 'You may not set up this unit.',
  'menu.notFoundTitle': 'Unit not found',
  'menu.notFound': 'There is no unit at this address: it may have been removed, or the link is wrong.',
  'menu.openMenu': 'Menu of {name}',
  'menu.openDiscounts': 'Discounts of {name}',
  'category.groups': 'Category groups',
  'category.tableLabel': 'Categories by group',
  'category.column.name': 'Category',
  'category.column.group': 'Group',
  'category.noGroup': 'No group',
  'category.form.name': 'Name',
  'category.form.group': 'Group',
  'category.form.groupDescription': 'Categories of the same group are listed together (Drinks, Food).',
  'tag.title': 'Tags',
  'tag.tableLabel': 'Tags',
  'tag.column.name': 'Tag',
  'tag.form.name': 'Name',
  'slu.title': 'SLU',
  'slu.intro': "The items grouped by their SLU (screen look-up group), set in each item's form.",
  'slu.none': 'No SLU',
  'slu.count': '{count} items',
  'slu.empty': 'There are no items yet',
  'item.title': 'Items',
  'item.tableLabel': 'Items',
  'item.search': 'Search items',
  'item.column.name': 'Name',
  'item.column.category': 'Category',
  'item.column.price': 'Price',
  'item.column.tags': 'Tags',
  'item.column.status': 'Status',
  'item.column.favorite': 'Favorite',
  'item.favoriteYes': 'Favorite',
  'item.status.ACTIVE': 'Active',
  'item.status.INACTIVE': 'Inactive',
  'item.form.name': 'Name',
  'item.form.price': 'Price',
  'item.form.priceDescription': 'In {currency}, for example {example}',
  'item.form.priceInvalid': 'Enter a price in {currency} with at most {digits} decimals, for example {example}',
  'item.form.category': 'Category',
  'item.form.categoryPlaceholder': 'No category',
  'item.form.tags': 'Tags',
  'item.form.slu': 'SLU',
  'item.form.sluDescription': 'The screen look-up group the item is shown in',
  'item.form.status': 'Status',
  'item.form.favorite': 'Favorite',
  'item.form.image': 'Image',
  'item.notFound': '(Not found)',
  'favorites.title': 'Favorites',
  'favorites.intro': 'The favorite items in the order the terminals show them. Drag a row, or use Move up and Move down.',
  'favorites.listLabel': 'Favorites in order',
  'favorites.empty': 'There are no favorites yet: mark an item as favorite in its form.',
  'favorites.moveUp': 'Move up {name}',
  'favorites.moveDown': 'Move down {name}',
  'favorites.moveUpShort': 'Move up',
  'favorites.moveDownShort': 'Move down',
  'favorites.handle': 'Reorder {name}: ArrowUp and ArrowDown move it',
  'favorites.moved': '{name} moved to place {place} of {count}',
  'favorites.save': 'Save order',
  'favorites.saved': 'Order of favorites saved: it is sent when the gateway is reachable',
  'discount.title': 'Discounts',
  'discount.pageTitle': 'Discounts of {unit}',
  'discount.heading': 'Discounts of {unit}',
  'discount.intro': 'The discounts of this unit, and those its terminals offer.',
  'discount.tableLabel': 'Discounts',
  'discount.search': 'Search discounts',
  'discount.column.name': 'Name',
  'discount.column.label': 'Label',
  'discount.column.type': 'Type',
  'discount.column.value': 'Value',
  'discount.column.status': 'Status',
  'discount.type.PERCENTAGE': 'Percentage',
  'discount.type.AMOUNT': 'Amount',
  'discount.status.ACTIVE': 'Active',
  'discount.status.DEACTIVATED': 'Deactivated',
  'discount.form.name': 'Name',
  'discount.form.label': 'Label',
  'discount.form.type': 'Type',
  'discount.form.value': 'Value',
  'discount.form.percentDescription': 'A percentage with at most 2 decimals, for example 15 or 12.5',
  'discount.form.percentInvalid': 'Enter a percentage from 0.01 to 100 with at most 2 decimals, for example 15',
  'discount.form.amountDescription': 'In {currency}, for example {example}',
  'discount.form.amountInvalid': 'Enter an amount in {currency} above 0 with at most {digits} decimals, for example {example}',
  'discount.form.status': 'Status',
  'discount.form.statusDescription': 'A deactivated discount cannot be newly offered',
  'selection.title': 'Discounts offered',
  'selection.intro': 'The discounts the terminals of this unit offer. Type a name and press Enter, Tab or a comma.',
  'selection.label': 'Discounts offered by the unit',
  'selection.save': 'Save discounts offered',
  'selection.saved': 'Discounts offered saved: they are sent when the gateway is reachable',
} as const;
