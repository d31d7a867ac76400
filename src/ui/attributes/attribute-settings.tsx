/**
 * The settings form of a unit or an organization, generated from the attribute registry (spec
 * section 3; docs/architecture.md, "Resources"): one titled section per group, one field per key
 * of the group by its kind, each saying where its value comes from — set here, or inherited from
 * the nearest unit or organization above that sets it — with a way back to the inherited value.
 * Values stay the wire's strings (encodeAttribute, decodeAttribute); null is "not set here".
 */
import { memo, useCallback, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button, FileButton, Fieldset, Group, Image, Input, MultiSelect, Select, Stack, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import {
  attributeDefinition,
  attributeFieldKeysOfGroup,
  attributeProblem,
  decodeAttribute,
  encodeAttribute,
  inheritedValueOf,
  isInheritable,
  LOCALES,
  timeZoneLabel,
  type AttributeDefinition,
  type AttributeGroup,
  type AttributeKey,
  type Attributes,
  type EffectiveAttributes,
  type ResolvedAttribute,
  type TriStateValue,
} from '../../domain';
import { t, type MessageKey } from '../../i18n';
import { attributeGroupLabel, attributeLabel, attributeOptionLabel, CurrencySelect, EmailListInput, LocaleSelect, ModeTextInput, TimeZoneSelect, TipPercentagesInput, TriStateSwitch } from '../inputs';
import { attributeProblemText } from './problem-text';

/** A record a reference attribute can name: a hotel, a PMS connection, an access-control service. */
export interface AttributeReferenceRecord {
  uuid: string;
  name: string;
}

/** What an image upload answers: the stored image's key and the address it is served at. */
export interface UploadedImage {
  url: string;
  key: string;
}

export interface AttributeSettingsProps {
  /** the groups shown, in this order */
  groups: readonly AttributeGroup[];
  /** the attributes the unit or organization sets itself (null or absent: not set here) */
  value: Attributes;
  /** every change, with the whole attributes; a reset writes null for its key */
  onChange: (next: Attributes) => void;
  /** the effective attributes the gateway answered (inheritAttributes): inherited values and where from */
  effective?: EffectiveAttributes;
  /** the organization itself: nothing above it, so nothing is inherited or reset */
  isRoot?: boolean;
  /** field errors by attribute key (a 400 or 422 answer); they take the place of the form's own checks */
  errors?: Partial<Record<string, string>>;
  /** the options of the hotel references (POI_ROOM_CHARGE_DEFAULT_HOTEL, POI_ROOM_CHARGE_HOTEL_LIST, PMS_POSTING_HOTEL_UUID) */
  hotels?: readonly AttributeReferenceRecord[];
  /** the options of PMS_CONNECTION */
  pmsConnections?: readonly AttributeReferenceRecord[];
  /** the options of POI_ACCESS_CONTROL_SERVICES */
  accessControlServices?: readonly AttributeReferenceRecord[];
  /** uploads an image file; without it images are shown but not uploaded */
  onUploadImage?: (file: File) => Promise<UploadedImage>;
  disabled?: boolean;
  /** keys not shown (e.g. an organization's TYPE and NAME, which are its own fields) */
  omit?: readonly AttributeKey[];
}

/** The image types an image attribute accepts (spec section 5: image files only). */
export const ATTRIBUTE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
const IMAGE_ACCEPT = ATTRIBUTE_IMAGE_TYPES.join(',');

/** The most digits of a number attribute (the wire's whole numbers). */
const NUMBER_MAX_DIGITS = 15;

type Write = (changes: Attributes) => void;

/**
 * The settings form: each group of `groups` as a titled section of its fields. Every change is
 * checked with the registry (attributeProblem) and its message shown under the field, unless
 * `errors` has one for the key.
 */
export function AttributeSettings({
  groups,
  value,
  onChange,
  effective,
  isRoot = false,
  errors,
  hotels,
  pmsConnections,
  accessControlServices,
  onUploadImage,
  disabled = false,
  omit,
}: AttributeSettingsProps) {
  // the latest attributes and callback, so a write that lands later (an upload) keeps edits made meanwhile
  const latest = useRef({ value, onChange });
  useLayoutEffect(() => {
    latest.current = { value, onChange };
  }, [value, onChange]);
  const write = useCallback<Write>((changes) => {
    const next = { ...latest.current.value, ...changes };
    latest.current = { ...latest.current, value: next };
    latest.current.onChange(next);
  }, []);

  const recordsOf = (definition: AttributeDefinition): readonly AttributeReferenceRecord[] | undefined => {
    if (definition.references === 'hotel') return hotels;
    if (definition.references === 'pms-connection') return pmsConnections;
    if (definition.references === 'access-control-service') return accessControlServices;
    return undefined;
  };

  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <Fieldset key={group} legend={attributeGroupLabel(group)} disabled={disabled}>
          <Stack gap="md">
            {attributeFieldKeysOfGroup(group).filter((key) => !omit?.includes(key)).map((key) => {
              const definition = attributeDefinition(key) as AttributeDefinition;
              const urlKey = definition.urlKey as AttributeKey | undefined;
              // the organization inherits nothing; a unit inherits only what the registry says it does
              const marked = !isRoot && isInheritable(key);
              const inheritedOf = (of: AttributeKey) => (!marked ? null : effective ? inheritedValueOf(effective, of) : undefined);
              return (
                <AttributeField
                  key={key}
                  attributeKey={key}
                  raw={value[key] ?? null}
                  companionRaw={urlKey ? (value[urlKey] ?? null) : null}
                  marked={marked}
                  inherited={inheritedOf(key)}
                  inheritedCompanion={urlKey ? inheritedOf(urlKey) : null}
                  error={errors?.[key] ?? (urlKey ? errors?.[urlKey] : undefined)}
                  records={recordsOf(definition)}
                  write={write}
                  onUploadImage={onUploadImage}
                  disabled={disabled}
                />
              );
            })}
          </Stack>
        </Fieldset>
      ))}
    </Stack>
  );
}

interface AttributeFieldProps {
  attributeKey: AttributeKey;
  /** the value set here, or null */
  raw: string | null;
  /** an image's URL set here, or null */
  companionRaw: string | null;
  /** whether the field says where its value comes from and can be reset (a unit's inheritable key) */
  marked: boolean;
  /** what a reset would give: a value from above, null for nothing, undefined when not known */
  inherited: ResolvedAttribute | null | undefined;
  inheritedCompanion: ResolvedAttribute | null | undefined;
  error: string | undefined;
  records: readonly AttributeReferenceRecord[] | undefined;
  write: Write;
  onUploadImage: ((file: File) => Promise<UploadedImage>) | undefined;
  disabled: boolean;
}

const HELP: Partial<Record<AttributeKey, MessageKey>> = {
  PMS_PROPERTY_ID: 'attributeSettings.help.PMS_PROPERTY_ID',
  PMS_NOTIFICATION_EMAILS: 'attributeSettings.help.PMS_NOTIFICATION_EMAILS',
};

const EMPTY_RECORDS: Record<NonNullable<AttributeDefinition['references']>, MessageKey> = {
  hotel: 'attributeSettings.noHotels',
  'pms-connection': 'attributeSettings.pmsConnection.none',
  'access-control-service': 'attributeSettings.noAccessControlServices',
};

/** The registry's problem with a stored string, in the interface language. */
function problemOf(key: AttributeKey, raw: string | null): string | undefined {
  const problem = attributeProblem(key, raw);
  return problem ? attributeProblemText(problem.message) : undefined;
}

/** What a cleared text field writes: null (not set here), unless the key needs a value ('' then shows why). */
function textValue(key: AttributeKey, text: string): string | null {
  return text === '' && attributeProblem(key, '') === null ? null : text;
}

function listOf(key: AttributeKey, raw: string | null | undefined): unknown[] {
  const decoded = decodeAttribute(key, raw);
  return Array.isArray(decoded) ? decoded : [];
}

/** A list as written: its JSON, or null (not set here) when it is empty. */
function encodeList(key: AttributeKey, list: string[] | number[]): string | null {
  return list.length === 0 ? null : encodeAttribute(key, list);
}

function recordName(records: readonly AttributeReferenceRecord[] | undefined, uuid: string): string {
  return records?.find((record) => record.uuid === uuid)?.name ?? t('attributeSettings.notFound');
}

/** The options of a reference: the records, and a value that names none of them as '(Not found)'. */
function referenceData(records: readonly AttributeReferenceRecord[] | undefined, values: readonly string[]) {
  const data = (records ?? []).map((record) => ({ value: record.uuid, label: record.name }));
  for (const uuid of values) if (!data.some((item) => item.value === uuid)) data.push({ value: uuid, label: t('attributeSettings.notFound') });
  return data;
}

/** How a value inherited from above reads in a field that shows it as its placeholder. */
function shownValue(key: AttributeKey, definition: AttributeDefinition, raw: string, records: readonly AttributeReferenceRecord[] | undefined): string {
  switch (definition.kind) {
    case 'enum':
      return attributeOptionLabel(raw);
    case 'locale':
      return LOCALES.find((locale) => locale.value === raw)?.label ?? raw;
    case 'time-zone':
      return timeZoneLabel(raw);
    case 'email-list':
    case 'tip-percentages':
      return listOf(key, raw).map(String).join(', ');
    case 'reference':
      return recordName(records, raw);
    case 'reference-list':
      return listOf(key, raw)
        .map((uuid) => recordName(records, String(uuid)))
        .join(', ');
    default:
      return raw;
  }
}

const AttributeField = memo(function AttributeField({
  attributeKey: key,
  raw,
  companionRaw,
  marked,
  inherited,
  inheritedCompanion,
  error,
  records,
  write,
  onUploadImage,
  disabled,
}: AttributeFieldProps) {
  const definition = attributeDefinition(key) as AttributeDefinition;
  const urlKey = definition.urlKey as AttributeKey | undefined;
  const label = attributeLabel(key);
  const [touched, setTouched] = useState(false);

  const change = (changes: Attributes) => {
    setTouched(true);
    write(changes);
  };
  const set = (next: string | null) => change({ [key]: next });
  const reset = () => change(urlKey ? { [key]: null, [urlKey]: null } : { [key]: null });

  const isSet = raw !== null || companionRaw !== null;
  const shownError = error ?? (touched ? (problemOf(key, raw) ?? (urlKey ? problemOf(urlKey, companionRaw) : undefined)) : undefined);
  const placeholder = !isSet && inherited ? shownValue(key, definition, inherited.value, records) : undefined;

  // where the value comes from; a tri-state says what it inherits itself
  let origin: string | null = null;
  if (marked) {
    if (isSet) origin = t('attributeSettings.setHere');
    else if (definition.kind !== 'tri-state') {
      if (inherited) origin = t('attributeSettings.inheritedFrom', { name: inherited.fromName });
      else if (inherited === null) origin = t('attributeSettings.inheritsNothing');
    }
  }
  const help = HELP[key];
  const emptyRecords = definition.references && records?.length === 0 ? t(EMPTY_RECORDS[definition.references]) : null;
  const lines = [help ? t(help) : null, emptyRecords, origin].filter((line): line is string => line !== null);
  const description: ReactNode =
    lines.length === 0 ? undefined : lines.length === 1 ? lines[0] : lines.map((line) => <span key={line} style={{ display: 'block' }}>{line}</span>);

  const common = { label, description, error: shownError, disabled };
  // Mantine hides a select's clear button from the keyboard and screen readers: this names it and lets Tab reach it
  const clearButtonProps = { 'aria-label': t('attributeSettings.clearLabel', { label }), 'aria-hidden': false, tabIndex: 0 };
  let control: ReactNode;
  switch (definition.kind) {
    case 'text':
      control =
        definition.format === 'telephone' ? (
          <TextInput {...common} type="tel" autoComplete="off" value={raw ?? ''} placeholder={placeholder} maxLength={definition.maxLength} onChange={(event) => set(textValue(key, event.currentTarget.value))} />
        ) : (
          <TextInput
            {...common}
            inputMode={definition.format === 'web-address' ? 'url' : undefined}
            autoComplete="off"
            value={raw ?? ''}
            placeholder={placeholder}
            maxLength={definition.maxLength}
            required={attributeProblem(key, '') !== null}
            onChange={(event) => set(textValue(key, event.currentTarget.value))}
          />
        );
      break;
    case 'textarea':
      control = (
        <Textarea {...common} rows={3} resize="vertical" value={raw ?? ''} placeholder={placeholder} maxLength={definition.maxLength} onChange={(event) => set(textValue(key, event.currentTarget.value))} />
      );
      break;
    case 'number':
      control = <ModeTextInput {...common} mode="numeric" value={raw ?? ''} placeholder={placeholder} maxLength={NUMBER_MAX_DIGITS} onChange={(text) => set(textValue(key, text))} />;
      break;
    case 'tri-state': {
      const decoded = decodeAttribute(key, raw);
      const flag: TriStateValue = typeof decoded === 'boolean' ? decoded : null;
      const inheritedFlag = decodeAttribute(key, inherited?.value);
      control = (
        <TriStateSwitch
          label={label}
          description={description}
          value={flag}
          onChange={(next) => set(encodeAttribute(key, next))}
          inherited={!marked || inherited === undefined ? undefined : inherited === null ? null : { value: typeof inheritedFlag === 'boolean' ? inheritedFlag : null, fromName: inherited.fromName }}
          disabled={disabled}
        />
      );
      if (shownError) control = <ErrorBelow control={control} error={shownError} />;
      break;
    }
    case 'enum': {
      const options = definition.options ?? [];
      const data = options.map((option) => ({ value: option, label: attributeOptionLabel(option) }));
      if (raw !== null && !options.includes(raw)) data.unshift({ value: raw, label: raw });
      control = (
        <Select
          {...common}
          data={data}
          value={raw}
          placeholder={placeholder}
          clearable={key !== 'TYPE'}
          clearButtonProps={clearButtonProps}
          // a unit's type is chosen when it is made and never changes (UNIT_MESSAGES.typeFixed)
          readOnly={key === 'TYPE' && raw !== null}
          allowDeselect={false}
          onChange={(next) => set(next)}
        />
      );
      break;
    }
    case 'currency':
      control = <CurrencySelect {...common} value={raw} placeholder={placeholder} clearable clearButtonProps={clearButtonProps} onChange={(next) => set(next)} />;
      break;
    case 'locale':
      control = <LocaleSelect {...common} value={raw} placeholder={placeholder} clearable clearButtonProps={clearButtonProps} onChange={(next) => set(next)} />;
      break;
    case 'time-zone':
      control = <TimeZoneSelect {...common} value={raw} placeholder={placeholder} clearable clearButtonProps={clearButtonProps} onChange={(next) => set(next)} />;
      break;
    case 'email-list':
      control = <EmailListInput {...common} value={listOf(key, raw).map(String)} placeholder={placeholder} onChange={(next) => set(encodeList(key, next))} />;
      break;
    case 'tip-percentages':
      control = (
        <TipPercentagesInput {...common} value={listOf(key, raw).map(String)} placeholder={placeholder} onChange={(next) => set(encodeList(key, next.map(Number)))} />
      );
      break;
    case 'reference':
      control = (
        <Select
          {...common}
          data={referenceData(records, raw === null ? [] : [raw])}
          value={raw}
          placeholder={placeholder ?? (definition.references === 'pms-connection' ? t('attributeSettings.pmsConnection.placeholder') : undefined)}
          searchable
          clearable
          clearButtonProps={clearButtonProps}
          nothingFoundMessage={t('inputs.select.nothingFound')}
          onChange={(next) => set(next)}
        />
      );
      break;
    case 'reference-list': {
      const uuids = listOf(key, raw).map(String);
      control = (
        <MultiSelect
          {...common}
          data={referenceData(records, uuids)}
          value={uuids}
          placeholder={uuids.length === 0 ? placeholder : undefined}
          searchable
          clearable
          clearButtonProps={clearButtonProps}
          nothingFoundMessage={t('inputs.select.nothingFound')}
          onChange={(next) => set(encodeList(key, next))}
        />
      );
      break;
    }
    case 'image':
      control = (
        <ImageField
          label={label}
          description={description}
          error={shownError}
          imageUrl={raw !== null ? companionRaw : null}
          inherited={!isSet && inherited && inheritedCompanion ? { url: inheritedCompanion.value, fromName: inherited.fromName } : null}
          isSet={isSet}
          onUploadImage={onUploadImage}
          onUploaded={(image) => change(urlKey ? { [key]: image.key, [urlKey]: image.url } : { [key]: image.key })}
          onRemove={reset}
          disabled={disabled}
        />
      );
      break;
  }

  return (
    <div>
      {control}
      {marked && isSet ? (
        <Button variant="subtle" size="compact-xs" mt={4} onClick={reset} disabled={disabled} aria-label={t('attributeSettings.resetLabel', { label })}>
          {t('attributeSettings.reset')}
        </Button>
      ) : null}
    </div>
  );
});

/** A field error under a control that shows none of its own (the tri-state switch). */
function ErrorBelow({ control, error }: { control: ReactNode; error: string }) {
  return (
    <>
      {control}
      <Input.Error mt={4}>{error}</Input.Error>
    </>
  );
}

export interface ImageFieldProps {
  label: string;
  description: ReactNode;
  error: string | undefined;
  /** the address of the image set here */
  imageUrl: string | null;
  /** the image inherited from above, shown dimmed while none is set here */
  inherited: { url: string; fromName: string } | null;
  isSet: boolean;
  onUploadImage: ((file: File) => Promise<UploadedImage>) | undefined;
  onUploaded: (image: UploadedImage) => void;
  onRemove: () => void;
  disabled: boolean;
}

/**
 * An image attribute: a preview of the image (the inherited one dimmed), an upload button that
 * takes PNG, JPEG, WebP and GIF files, and a remove button. A failed upload says 'Image upload
 * failed. Please try again.' (spec section 5).
 */
export function ImageField({ label, description, error, imageUrl, inherited, isSet, onUploadImage, onUploaded, onRemove, disabled }: ImageFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const labelId = `${id}-label`;
  const resetFile = useRef<() => void>(null);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const upload = async (file: File | null) => {
    resetFile.current?.(); // the same file can be chosen again
    if (!file || !onUploadImage) return;
    setFailure(null);
    if (!(ATTRIBUTE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setFailure(t('attributeSettings.image.notAnImage'));
      return;
    }
    setUploading(true);
    setAnnouncement(t('attributeSettings.image.uploading', { label }));
    try {
      const image = await onUploadImage(file);
      onUploaded(image);
      setAnnouncement(t('attributeSettings.image.uploaded', { label }));
    } catch {
      setFailure(t('attributeSettings.image.failed'));
      setAnnouncement('');
    } finally {
      setUploading(false);
    }
  };

  const shownError = failure ?? error;
  const describedBy = [description ? descriptionId : null, shownError ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={onUploadImage ? description : [description, t('attributeSettings.image.unavailable')].filter(Boolean).map((line, index) => <span key={index} style={{ display: 'block' }}>{line}</span>)}
      descriptionProps={{ id: descriptionId }}
      error={shownError ? <span role="alert">{shownError}</span> : undefined}
      errorProps={{ id: errorId }}
    >
      <Group role="group" aria-labelledby={labelId} gap="sm" align="center" mt={4}>
        {imageUrl ? (
          <Image src={imageUrl} alt={t('attributeSettings.image.preview', { label })} h={64} w="auto" maw={240} fit="contain" radius="sm" />
        ) : inherited ? (
          <Image src={inherited.url} alt={t('attributeSettings.image.inheritedPreview', { label, name: inherited.fromName })} h={64} w="auto" maw={240} fit="contain" radius="sm" opacity={0.55} />
        ) : isSet ? null : (
          <Text size="sm" c="dimmed">
            {t('attributeSettings.image.none')}
          </Text>
        )}
        {onUploadImage ? (
          <FileButton onChange={(file) => void upload(file)} accept={IMAGE_ACCEPT} resetRef={resetFile} disabled={disabled || uploading}>
            {(props) => (
              <Button {...props} variant="default" size="xs" loading={uploading} disabled={disabled} aria-label={t('attributeSettings.image.uploadLabel', { label })} aria-describedby={describedBy}>
                {t('attributeSettings.image.upload')}
              </Button>
            )}
          </FileButton>
        ) : null}
        {isSet ? (
          <Button variant="subtle" color="red" size="xs" onClick={onRemove} disabled={disabled || uploading} aria-label={t('attributeSettings.image.removeLabel', { label })}>
            {t('attributeSettings.image.remove')}
          </Button>
        ) : null}
      </Group>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Input.Wrapper>
  );
}
