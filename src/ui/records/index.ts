export { RecordForm } from './record-form';
export { hasProblems, useRecordForm, type FieldProblems, type RecordCheck, type RecordFormDeclaration, type RecordFormState } from './use-record-form';
export { catalogued, loadFailureOf, sectionWords, wordsOfMessages, type LoadFailure, type RecordListWords, type RecordWordsSection, type RemovalWords } from './record-words';
export { RecordListStatus, useRecordList, type RecordList, type RecordListDeclaration, type RecordListSource } from './use-record-list';
export { useResourceForm, type FormValueDeclaration, type ResourceFormProps } from './use-resource-form';
export { type TextFieldProps } from './use-record-form';
export { RecordListTitle } from './record-list-title';
export { useQueuedSet, type QueuedSet } from './use-queued-set';
export { issueProblems } from './issue-problems';
