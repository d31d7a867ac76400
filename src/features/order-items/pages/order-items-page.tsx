import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Anchor, Stack, Tabs, Text, Title } from '@mantine/core';
import { isForbiddenError, useSession } from '../../../api';
import { t } from '../../../i18n';
import { ForbiddenRedirect, OfflineNotice, useQueuedSet, usePageTitle, useUnitMoney } from '../../../ui';
import { favoritesPath, orderItems, unitScopeOf, useCategoryRows, useFavoriteItems, useOrderItemRows, useTagRows } from '../api/order-items';
import { CategoriesSection } from '../components/categories-section';
import { FavoritesSection } from '../components/favorites-section';
import { ItemsSection } from '../components/items-section';
import { SluSection } from '../components/slu-section';
import { TagsSection } from '../components/tags-section';

const SECTIONS = ['categories', 'tags', 'slu', 'items', 'favorites'] as const;
type Section = (typeof SECTIONS)[number];
const SECTION_TITLE = { categories: 'category.groups', tags: 'tag.title', slu: 'slu.title', items: 'item.title', favorites: 'favorites.title' } as const;

/**
 * /organization/:uuid/ous/:ouUuid/order-items: a unit's menu in five sections (the one shown named
 * in the address): category groups, tags, SLU, items and favorites. Who may not set up the unit
 * is sent to the 403 page; offline, the lists come from the read cache with the offline notice.
 */
export function OrderItemsPage() {
  const { uuid: org = '', ouUuid: ou = '' } = useParams();
  const scope = useMemo(() => unitScopeOf(org, ou), [org, ou]);
  const [params, setParams] = useSearchParams();
  const section: Section = (SECTIONS as readonly string[]).includes(params.get('section') ?? '') ? (params.get('section') as Section) : 'categories';
  const unit = useUnitMoney(org, ou);
  usePageTitle(unit.name ? t('menu.pageTitle', { unit: unit.name }) : t('menu.title'));
  const categories = useCategoryRows(scope);
  const tags = useTagRows(scope);
  const items = useOrderItemRows(scope);
  const served = useFavoriteItems(scope);
  const favorites = useQueuedSet(favoritesPath(scope), useMemo(() => served.data?.map((item) => item.uuid) ?? null, [served.data]));
  const session = useSession();
  // what an item's form offers: the categories and tags not on their way out
  const liveCategories = useMemo(() => (categories.rows ?? []).filter((row) => row.removal === null), [categories.rows]);
  const liveTags = useMemo(() => (tags.rows ?? []).filter((row) => row.removal === null), [tags.rows]);

  if ([unit.query.error, items.query.error, categories.query.error].some(isForbiddenError)) return <ForbiddenRedirect reason={t('menu.forbidden')} />;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/organization/${org}/ous/${ou}`} size="sm">
        {t('menu.backToUnit')}
      </Anchor>
      <Title order={1} fz="h2">
        {unit.name ? t('menu.heading', { unit: unit.name }) : t('menu.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('menu.intro', { currency: unit.money.currency })}
      </Text>
      <OfflineNotice path={orderItems.path(scope)} />
      <Tabs value={section} onChange={(next) => setParams(next && next !== 'categories' ? { section: next } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List aria-label={t('menu.sections')}>
          {SECTIONS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(SECTION_TITLE[name])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="categories" pt="md">
          <CategoriesSection scope={scope} list={categories} />
        </Tabs.Panel>
        <Tabs.Panel value="tags" pt="md">
          <TagsSection scope={scope} list={tags} />
        </Tabs.Panel>
        <Tabs.Panel value="slu" pt="md">
          <SluSection items={items.rows ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="items" pt="md">
          <ItemsSection scope={scope} list={items} money={unit.money} categories={liveCategories} tags={liveTags} favorites={favorites.value} formReady={categories.rows !== null && tags.rows !== null} />
        </Tabs.Panel>
        <Tabs.Panel value="favorites" pt="md">
          <FavoritesSection scope={scope} userUuid={session?.uuid ?? null} items={items.rows ?? []} favorites={favorites} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
