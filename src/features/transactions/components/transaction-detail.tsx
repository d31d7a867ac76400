import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Divider, Group, List, Stack, Table, Tabs, Text } from '@mantine/core';
import { isApiError } from '../../../api';
import { TRANSACTION_TABS, type LinkedTransaction, type Transaction, type TransactionTab } from '../../../domain';
import { formatDateTime, t } from '../../../i18n';
import { AppModal, FailureAlert, OfflineNotice, PageLoader, formatPercent } from '../../../ui';
import { transactionPath, useTransaction } from '../api/transactions';
import { methodLabel, money, typeLabel } from './labels';

const isTab = (tab: string): tab is TransactionTab => (TRANSACTION_TABS as readonly string[]).includes(tab);

interface TransactionDetailProps {
  uuid: string;
  /** the tab the address names (receipt when none) */
  tab: string;
  /** the address of a transaction's tab, keeping the list's search */
  hrefOf: (uuid: string, tab: TransactionTab) => string;
  onTab: (tab: TransactionTab) => void;
  onClose: () => void;
}

/**
 * One transaction over the list (spec section 2: /transactions/{uuid}/{tab}), its tabs Receipt,
 * Payment and Refund each at its own address. An unknown transaction, one of a unit the user may
 * not view (the gateway answers 404 or 403 alike) or a tab that does not exist is said in the modal.
 */
export function TransactionDetail({ uuid, tab, hrefOf, onTab, onClose }: TransactionDetailProps) {
  const query = useTransaction(uuid);
  const transaction = query.data;
  const missing = query.isError && isApiError(query.error) && (query.error.status === 404 || query.error.status === 403 || query.error.status === 400);
  return (
    <AppModal opened onClose={onClose} size={640} title={transaction ? t('transactions.detail.title', { receipt: transaction.receiptNumber }) : t('transactions.title')}>
      <Stack gap="md">
        <OfflineNotice path={transactionPath(uuid)} />
        {query.isPending && <PageLoader />}
        {missing && <FailureAlert>{t('transactions.detail.notFound')}</FailureAlert>}
        {query.isError && !missing && <FailureAlert>{query.error.message}</FailureAlert>}
        {transaction && !isTab(tab) && <FailureAlert>{t('transactions.detail.badTab', { tab })}</FailureAlert>}
        {transaction && (
          <Tabs value={isTab(tab) ? tab : null} onChange={(next) => next && isTab(next) && onTab(next)} keepMounted={false}>
            <Tabs.List>
              {TRANSACTION_TABS.map((name) => (
                <Tabs.Tab key={name} value={name}>
                  {t(`transactions.tab.${name}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="receipt" pt="md">
              <Receipt transaction={transaction} />
            </Tabs.Panel>
            <Tabs.Panel value="payment" pt="md">
              <Payment transaction={transaction} />
            </Tabs.Panel>
            <Tabs.Panel value="refund" pt="md">
              <Refunds transaction={transaction} hrefOf={hrefOf} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </AppModal>
  );
}

function Line({ label, value, strong = false }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}

/** Receipt: who, when, the items, discounts, taxes, tips and the total, like the printed receipt. */
function Receipt({ transaction: tx }: { transaction: Transaction }) {
  const amount = (minor: number) => money(minor, tx.currency, tx.locale);
  return (
    <Stack gap="xs" maw={520} mx="auto">
      <Text fw={700} ta="center">
        {tx.ouName}
      </Text>
      <Line label={t('transactions.receipt.number')} value={tx.receiptNumber} />
      <Line label={t('transactions.receipt.time', { zone: tx.timeZone })} value={formatDateTime(tx.occurredAt, { timeZone: tx.timeZone })} />
      <Line label={t('transactions.column.check')} value={tx.checkNumber} />
      {tx.tableNumber !== null && <Line label={t('transactions.column.table')} value={tx.tableNumber} />}
      {tx.guests !== null && <Line label={t('transactions.receipt.guests')} value={tx.guests} />}
      <Line label={t('transactions.receipt.employee')} value={tx.employee} />
      <Line label={t('transactions.payment.type')} value={typeLabel(tx.paymentType)} />
      <Divider />
      {tx.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('transactions.receipt.noItems')}
        </Text>
      ) : (
        <Table aria-label={t('transactions.receipt.items')} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('transactions.receipt.item')}</Table.Th>
              <Table.Th ta="right">{t('transactions.receipt.quantity')}</Table.Th>
              <Table.Th ta="right">{t('transactions.receipt.price')}</Table.Th>
              <Table.Th ta="right">{t('transactions.receipt.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tx.items.map((item, index) => (
              <Table.Tr key={`${index}-${item.name}`}>
                <Table.Td>{item.name}</Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right">{amount(item.unitPriceMinor)}</Table.Td>
                <Table.Td ta="right">{amount(item.totalMinor)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Divider />
      <Line label={t('transactions.receipt.subtotal')} value={amount(tx.subtotalMinor)} />
      {tx.discounts.map((discount, index) => (
        <Line key={`d${index}`} label={discount.name} value={amount(-discount.amountMinor)} />
      ))}
      {tx.discounts.length > 1 && <Line label={t('transactions.receipt.discounts')} value={amount(-tx.discountMinor)} />}
      {tx.taxes.map((tax, index) => (
        <Line key={`t${index}`} label={t('transactions.receipt.tax', { name: tax.name, rate: formatPercent(tax.rateBasisPoints, tx.locale) })} value={amount(tax.amountMinor)} />
      ))}
      <Line label={t('transactions.receipt.tips')} value={amount(tx.tipMinor)} />
      <Divider />
      <Line strong label={t('transactions.receipt.total')} value={amount(tx.totalMinor)} />
    </Stack>
  );
}

/** Payment: the method, the card's brand and last 4 digits, the room and guest of a room charge, the PMS posting. */
function Payment({ transaction: tx }: { transaction: Transaction }) {
  const { payment } = tx;
  return (
    <Stack gap="xs" maw={520}>
      <Line label={t('transactions.payment.method')} value={methodLabel(payment.methodType)} />
      <Line label={t('transactions.payment.type')} value={typeLabel(tx.paymentType)} />
      {payment.cardBrand !== null && payment.cardLast4 !== null && (
        <Line label={t('transactions.payment.card')} value={t('transactions.payment.cardValue', { brand: payment.cardBrand, last4: payment.cardLast4 })} />
      )}
      {payment.roomNumber !== null && <Line label={t('transactions.payment.room')} value={payment.roomNumber} />}
      {payment.guestName !== null && <Line label={t('transactions.payment.guest')} value={payment.guestName} />}
      <Line
        label={t('transactions.payment.posting')}
        value={payment.pmsPostingStatus === null ? t('transactions.payment.notPosted') : t(`transactions.posting.${payment.pmsPostingStatus}`)}
      />
      <Line strong label={t('transactions.receipt.total')} value={money(tx.totalMinor, tx.currency, tx.locale)} />
    </Stack>
  );
}

/** Refund: the sale a refund or void belongs to, or a sale's refunds and voids, each opening its own detail. */
function Refunds({ transaction: tx, hrefOf }: { transaction: Transaction; hrefOf: TransactionDetailProps['hrefOf'] }) {
  const link = (linked: LinkedTransaction) => (
    <Anchor component={Link} to={hrefOf(linked.uuid, 'receipt')}>
      {t('transactions.refund.link', {
        type: typeLabel(linked.paymentType),
        time: formatDateTime(linked.occurredAt, { timeZone: tx.timeZone }),
        total: money(linked.totalMinor, tx.currency, tx.locale),
      })}
    </Anchor>
  );
  if (tx.relatedTo !== null) {
    return (
      <Stack gap="xs">
        <Text size="sm">{t('transactions.refund.belongsTo')}</Text>
        {link(tx.relatedTo)}
      </Stack>
    );
  }
  if (tx.linked.length === 0) return <Text size="sm">{t('transactions.refund.none')}</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm">{t('transactions.refund.linked')}</Text>
      <List spacing={4}>
        {tx.linked.map((linked) => (
          <List.Item key={linked.uuid}>{link(linked)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
