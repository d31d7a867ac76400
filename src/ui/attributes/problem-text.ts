/**
 * The registry's check messages (src/domain/unit-attributes.ts, ATTRIBUTE_MESSAGES, and the chip
 * messages of the spec it reuses for lists) in the interface language. attributeProblem answers in
 * the gateway's English; a form shows the catalogue's words for the same message.
 */
import { ATTRIBUTE_MESSAGES, CHIP_MESSAGES, CURRENCIES, type ChipMessage } from '../../domain';
import { t, type MessageKey } from '../../i18n';
import { chipProblemText } from '../inputs';

type AttributeMessage = keyof typeof ATTRIBUTE_MESSAGES;

const PROBLEM_KEYS: Record<AttributeMessage, MessageKey> = {
  notAnObject: 'attributeSettings.problem.notAnObject',
  unknownKey: 'attributeSettings.problem.unknownKey',
  wrongKind: 'attributeSettings.problem.wrongKind',
  required: 'attributeSettings.problem.required',
  tooLong: 'attributeSettings.problem.tooLong',
  webAddress: 'attributeSettings.problem.webAddress',
  telephone: 'attributeSettings.problem.telephone',
  wholeNumber: 'attributeSettings.problem.wholeNumber',
  option: 'attributeSettings.problem.option',
  currency: 'attributeSettings.problem.currency',
  locale: 'attributeSettings.problem.locale',
  timeZone: 'attributeSettings.problem.timeZone',
  imageKey: 'attributeSettings.problem.imageKey',
  reference: 'attributeSettings.problem.reference',
  tooManyEntries: 'attributeSettings.problem.tooManyEntries',
};

/** Parameters a catalogue entry names that the registry writes into its message itself. */
const FIXED_PARAMS: Readonly<Record<string, string>> = { currencies: CURRENCIES.join(', ') };

interface Pattern {
  regex: RegExp;
  names: string[];
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template such as '{value} is not a number.' as a pattern that reads its parameters back. */
function patternOf(template: string): Pattern {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return escapeRegex(part);
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { regex: new RegExp(`^${source}$`, 's'), names };
}

function paramsOf(pattern: Pattern, message: string): Record<string, string> | null {
  const match = pattern.regex.exec(message);
  if (!match) return null;
  const params: Record<string, string> = {};
  pattern.names.forEach((name, index) => {
    params[name] = match[index + 1] ?? '';
  });
  return params;
}

const CHIP_PATTERNS = (Object.keys(CHIP_MESSAGES) as ChipMessage[]).map((message) => ({ message, pattern: patternOf(CHIP_MESSAGES[message]) }));
const ATTRIBUTE_PATTERNS = (Object.keys(ATTRIBUTE_MESSAGES) as AttributeMessage[]).map((message) => ({ message, pattern: patternOf(ATTRIBUTE_MESSAGES[message]) }));

/** A message of attributeProblem in the interface language; a message it does not know, as it is. */
export function attributeProblemText(message: string): string {
  for (const { message: name, pattern } of CHIP_PATTERNS) {
    const params = paramsOf(pattern, message);
    if (params) return chipProblemText({ message: name, params });
  }
  for (const { message: name, pattern } of ATTRIBUTE_PATTERNS) {
    const params = paramsOf(pattern, message);
    if (params) return t(PROBLEM_KEYS[name], { ...FIXED_PARAMS, ...params });
  }
  return message;
}
