// Tool use for models that only write text: tools described in the prompt, calls written as XML blocks
export { withXmlTools, secondToolBlockFinishReason } from './with-xml-tools.js';
export { createXmlToolParser } from './xml-tool-parser.js';
export { describeXmlTools } from './describe-xml-tools.js';
export type { XmlToolEvent, XmlToolParser } from './xml-tool-parser.js';
