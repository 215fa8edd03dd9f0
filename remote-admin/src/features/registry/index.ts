// The registry feature's public face: the approval of an application picks dictionaries through it.
export type { Dictionaries } from './api/get-dictionaries';
export { DictionarySelects } from './ui/dictionary-selects';
