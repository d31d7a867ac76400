import type { OutboxEntry } from '../../../offline';
import { t } from '../../../i18n';
import { loadFailureOf, type RecordListDeclaration, type RecordListSource, type RecordListWords, type RemovalWords } from '../../../ui';
import type { ResourceRow } from '../../../offline/resource';

/** A list of the PMS page: its rows, and what it declares like the page's other list. */
interface PmsListOf<Row> {
  list: RecordListSource<Row> & { query: { isError: boolean } };
  /** its draft kind, and the other list's (whose newer draft reopens its own form instead: one form at a time) */
  kind: string;
  elsewhereKind: string;
  nameHeader: string;
  words: { list: RecordListWords; removal: RemovalWords };
  queueDelete(userUuid: string, row: Row): Promise<OutboxEntry>;
  /** the load failure's words beyond 'Error Message' (spec section 8: the PMS API's errors) */
  notFound?: [title: string, text: string];
}

/** What the PMS page's two record lists (connections, hotel definitions) declare alike: drafts, rows named by their name, removal, and the load failure. */
export function pmsListDeclaration<Row extends ResourceRow<{ uuid: string; version: number; name: string }>>(org: string, of: PmsListOf<Row>) {
  const { list, words } = of;
  const failure = list.query.isError ? loadFailureOf(list.query.error, { title: t('pms.errorMessage'), forbidden: [t('pms.permissionError'), t('pms.forbidden')], notFound: of.notFound }) : null;
  return {
    list,
    drafts: { org, kind: of.kind, elsewhereKind: of.elsewhereKind },
    name: (row: Row) => row.name,
    nameColumn: { header: of.nameHeader },
    words: words.list,
    removal: { queue: (row: Row, userUuid: string) => of.queueDelete(userUuid, row), words: words.removal },
    failure,
  } satisfies Partial<RecordListDeclaration<Row>>;
}
