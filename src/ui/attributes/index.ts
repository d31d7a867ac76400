export { ATTRIBUTE_IMAGE_TYPES, AttributeSettings, type AttributeReferenceRecord, type AttributeSettingsProps, type UploadedImage } from './attribute-settings';
export { attributeProblemText } from './problem-text';
