export { ACTIVITY_PAGE_SIZE, activityPath, useActivity, useRecordHistory, type ActivitySearch } from './history-api';
export { HistoryPanel, type HistoryPanelProps } from './history-panel';
export { bulkText, changeText, HistoryTimeline, kindLabel } from './history-timeline';
