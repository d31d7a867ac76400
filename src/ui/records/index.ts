export { RecordForm } from './record-form';
export { hasProblems, useRecordForm, type FieldProblems, type RecordCheck, type RecordFormDeclaration, type RecordFormState } from './use-record-form';
export { loadFailureOf, sectionWords, type LoadFailure, type RecordListWords, type RecordWordsSection, type RemovalWords } from './record-words';
export { RecordListStatus, useRecordList, type RecordList, type RecordListDeclaration, type RecordListSource } from './use-record-list';
