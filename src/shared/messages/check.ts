// Whether a text may stand for a message: it parses as ICU, and uses only the arguments the
// English text has (an override of '© {year} {site}…' cannot ask for a {name} nobody passes).
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { en, type MessageKey } from './en';

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentsOf(element.children, into);
      continue;
    }
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

/** The elements of an ICU message, or the parser's complaint. */
export function parseMessage(text: string): MessageFormatElement[] | Error {
  try {
    return parse(text);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** What is wrong with `text` as the message `key`, if anything. */
export function messageIssue(key: MessageKey, text: string): string | undefined {
  const parsed = parseMessage(text);
  if (parsed instanceof Error) return `Not a valid message (${parsed.message})`;
  const known = argumentsOf(parseMessage(en[key]) as MessageFormatElement[]);
  const unknown = [...argumentsOf(parsed)].filter((name) => !known.has(name));
  if (unknown.length) return `Uses ${unknown.map((name) => `{${name}}`).join(', ')}, which this text does not have`;
  return undefined;
}
