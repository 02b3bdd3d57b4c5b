/** Characters XML 1.0 does not allow at all, escaped or not: they are dropped. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text made safe for XML, in an element or in a quoted attribute. */
export const xmlText = (value: string): string =>
  value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** An element with escaped text. */
export const xmlElement = (name: string, value: string): string => `<${name}>${xmlText(value)}</${name}>`;

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
