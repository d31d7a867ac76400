import { Checkbox, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { z } from 'zod';
import { ITEM_STATUSES, minorDigits, ORDER_ITEM_KIND, orderItemInputSchema, type ItemStatus, type UnitScope } from '../../../domain';
import { t } from '../../../i18n';
import { newRecordIdOf } from '../../../offline/resource';
import { formatMinor, imageAddress, ImageField, issueProblems, minorToInput, parseMinorInput, priceExample, RecordForm, uploadImage, useRecordForm, type FieldProblems, type UnitMoney } from '../../../ui';
import { orderItems, queueFavorites, type CategoryRow, type OrderItemFormInput, type OrderItemRow, type TagRow } from '../api/order-items';

/** What the form holds while typing: the price as typed, the category '' for none, and whether it is a favourite. */
const valueSchema = z.object({
  name: z.string(),
  price: z.string(),
  categoryUuid: z.string(),
  tagUuids: z.array(z.string()),
  image: z.string().nullable(),
  slu: z.string(),
  status: z.enum(ITEM_STATUSES),
  favorite: z.boolean(),
});
type Value = z.output<typeof valueSchema>;
type Field = keyof Value;
const FIELDS: readonly Field[] = ['name', 'price', 'categoryUuid', 'tagUuids', 'image', 'slu', 'status'];
const BLANK: Value = { name: '', price: '', categoryUuid: '', tagUuids: [], image: null, slu: '', status: 'ACTIVE', favorite: false };

export const itemStatusLabel = (status: ItemStatus) => t(`item.status.${status}`);

/** The form's rules: the price read in the unit's money (refused with an example), then the domain's rules. */
export function checkItem(value: Value, money: UnitMoney): { problems: FieldProblems; input: (OrderItemFormInput & { favorite: boolean }) | null } {
  const priceMinor = parseMinorInput(value.price, money);
  const parsed = orderItemInputSchema.safeParse({ ...value, priceMinor: priceMinor ?? 0, categoryUuid: value.categoryUuid === '' ? null : value.categoryUuid });
  const problems: FieldProblems = parsed.success ? {} : issueProblems(parsed.error.issues, FIELDS);
  if (priceMinor === null) problems.price = t('item.form.priceInvalid', { currency: money.currency, digits: minorDigits(money.currency), example: priceExample(money) });
  return { problems, input: parsed.success && priceMinor !== null ? { ...parsed.data, favorite: value.favorite } : null };
}

interface ItemFormProps {
  scope: UnitScope;
  userUuid: string;
  record: OrderItemRow | null;
  money: UnitMoney;
  categories: readonly CategoryRow[];
  tags: readonly TagRow[];
  /** the favourites in order (a queued order included): ticking Favorite appends the item, unticking takes it out */
  favorites: readonly string[];
  onClose(): void;
}

/**
 * Add or edit an item: name, price typed in the unit's currency and locale and kept in minor
 * units, category (by group), tags, image, SLU, status and favourite. Save queues the item, then,
 * when its favourite changed, the unit's favourites in order — both through the outbox.
 */
export function ItemForm({ scope, userUuid, record, money, categories, tags, favorites, onClose }: ItemFormProps) {
  const wasFavorite = record !== null && favorites.includes(record.uuid);
  const form = useRecordForm({
    scope: { userUuid, orgUuid: scope.org, kind: ORDER_ITEM_KIND, recordId: record?.uuid ?? newRecordIdOf(scope) },
    initial: record ? { ...record, price: minorToInput(record.priceMinor, money), categoryUuid: record.categoryUuid ?? '', favorite: wasFavorite } : BLANK,
    baseVersion: record?.version ?? null,
    schema: valueSchema,
    check: (value) => checkItem(value, money),
    commit: async ({ favorite, ...input }, base) => {
      const draft = { userUuid, orgUuid: scope.org, kind: ORDER_ITEM_KIND, recordId: record?.uuid ?? newRecordIdOf(scope) };
      const entry = record ? await orderItems.queueUpdate(scope, userUuid, record, base ?? record.version, input, draft) : await orderItems.queueCreate(scope, userUuid, input, draft);
      const uuid = entry.recordUuid ?? '';
      if (favorite !== wasFavorite) await queueFavorites(scope, userUuid, favorite ? [...favorites, uuid] : favorites.filter((other) => other !== uuid));
      return entry;
    },
    onClose,
  });
  const { value, set, draft } = form;
  const errors = form.attempted ? form.checked.problems : {};
  const priceMinor = parseMinorInput(value.price, money);
  const groups = [...new Set(categories.map((category) => category.group))];
  return (
    <RecordForm form={form} errorTitle={t('menu.errorMessage')} cancelLabel={t('item.form.cancel')} saveLabel={t('item.form.save')}>
      <TextInput ref={form.firstField} data-autofocus label={t('item.form.name')} required {...form.text('name', errors.name)} />
      <Group grow align="flex-start">
        <TextInput
          label={t('item.form.price')}
          required
          inputMode="decimal"
          description={priceMinor !== null ? formatMinor(priceMinor, money) : t('item.form.priceDescription', { currency: money.currency, example: priceExample(money) })}
          {...form.text('price', errors.price)}
        />
        <Select
          label={t('item.form.status')}
          data={ITEM_STATUSES.map((status) => ({ value: status, label: itemStatusLabel(status) }))}
          {...form.choice('status', errors.status)}
        />
      </Group>
      <Select
        label={t('item.form.category')}
        placeholder={t('item.form.categoryPlaceholder')}
        clearable
        searchable
        data={groups.map((group) => ({ group: group || t('category.noGroup'), items: categories.filter((category) => category.group === group).map((category) => ({ value: category.uuid, label: category.name })) }))}
        value={value.categoryUuid === '' ? null : value.categoryUuid}
        error={errors.categoryUuid}
        disabled={!draft.ready}
        onChange={(categoryUuid) => set({ categoryUuid: categoryUuid ?? '' })}
      />
      <MultiSelect
        label={t('item.form.tags')}
        searchable
        data={tags.map((tag) => ({ value: tag.uuid, label: tag.name }))}
        value={value.tagUuids}
        error={errors.tagUuids}
        disabled={!draft.ready}
        onChange={(tagUuids) => set({ tagUuids })}
      />
      <TextInput label={t('item.form.slu')} description={t('item.form.sluDescription')} {...form.text('slu', errors.slu)} />
      <ImageField
        label={t('item.form.image')}
        description={undefined}
        error={errors.image}
        imageUrl={value.image === null ? null : imageAddress(value.image)}
        inherited={null}
        isSet={value.image !== null}
        onUploadImage={(file) => uploadImage(scope.org, file)}
        onUploaded={(image) => set({ image: image.key })}
        onRemove={() => set({ image: null })}
        disabled={!draft.ready}
      />
      <Checkbox label={t('item.form.favorite')} checked={value.favorite} disabled={!draft.ready} onChange={(event) => set({ favorite: event.currentTarget.checked })} />
    </RecordForm>
  );
}
